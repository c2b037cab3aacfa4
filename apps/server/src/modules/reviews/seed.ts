/** Demo reviews: the studies seeder leaves `shared.demoReviews` for a completed study. */
import type { ReviewBody } from '@moim/contract';
import type { Seeder } from '../../seed/index.ts';
import type { ReviewService } from './service.ts';

export interface DemoReview {
  studyId: string;
  userId: string;
  rating: number;
  text: string;
  tags: ReviewBody['tags'];
}

export function reviewsSeeder(service: ReviewService): Seeder {
  return {
    name: 'reviews',
    async demo(_ctx, shared) {
      const reviews = (shared.demoReviews as DemoReview[] | undefined) ?? [];
      for (const r of reviews) {
        await service.create(r.studyId, { id: r.userId, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' }, r);
      }
    },
  };
}
