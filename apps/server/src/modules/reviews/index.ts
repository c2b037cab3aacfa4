/** Reviews of completed studies. Depends on studies (who may review, who may read). */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { reviewsPrivacy } from './personal-data.ts';
import { registerReviewRoutes } from './routes.ts';
import { reviewsSeeder } from './seed.ts';
import type { ReviewsDeps } from './deps.ts';
import { ReviewService } from './service.ts';

export type { ReviewService, ReviewsDeps };

export function createReviewsModule(ctx: AppContext, deps: ReviewsDeps): ServerModule<ReviewService> {
  const service = new ReviewService(ctx, deps);
  return {
    name: 'reviews',
    api: service,
    routes: (app) => registerReviewRoutes(app, ctx, service),
    seeder: reviewsSeeder(service),
    privacy: reviewsPrivacy(ctx),
  };
}
