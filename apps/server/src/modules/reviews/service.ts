/**
 * Reviews of a COMPLETED study by its members (not the leader): one each, rating 1–5, up to
 * 1,000 characters, tags from the contract's fixed set (five at most, two per category).
 * Anyone who can see the study reads them, with the average, the count and the tag counts.
 */
import { type Review, type ReviewBody, type ReviewList, toPage } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { type ReviewWithAuthor, findReviewView, insertReview, listReviews, reviewStats, findUserReview } from './repo.ts';
import type { ReviewsDeps } from './deps.ts';

const studyNotFound = () => new AppError('BIZ-3001', 'studies.notFound');

function toReview(r: ReviewWithAuthor): Review {
  return {
    id: r.id,
    studyId: r.studyId,
    author: { id: r.userId, name: r.authorName, profileImage: r.authorImage },
    rating: r.rating,
    text: r.text,
    tags: r.tags,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export class ReviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: ReviewsDeps,
  ) {}

  async create(studyId: string, user: AuthUser, body: ReviewBody): Promise<Review> {
    const a = await this.deps.studies.callerAccess(studyId, user);
    if (!a || !a.visible) throw studyNotFound();
    if (a.study.status !== 'COMPLETED') throw new AppError('BIZ-3002', 'reviews.onlyCompleted', { status: a.study.status });
    // one's own study: a rule (422), as applying to it is
    if (a.isOwner) throw new AppError('BIZ-3003', 'reviews.notOwnStudy');
    // Members who were active when the study ended (memberships stay active on completion).
    if (!a.isActiveMember) throw new AppError('AUTH-1004', 'reviews.membersOnly');
    try {
      const row = await insertReview(this.ctx.db, { studyId, userId: user.id, rating: body.rating, text: body.text, tags: body.tags });
      return toReview((await findReviewView(this.ctx.db, row.id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('BIZ-3002', 'reviews.alreadyWritten', { reason: 'ALREADY_REVIEWED' });
      throw err;
    }
  }

  /** The caller's own review of a study, or null: "reviewed" on /users/me, no second form. */
  async mine(studyId: string, user: AuthUser): Promise<Review | null> {
    const a = await this.deps.studies.callerAccess(studyId, user);
    if (!a || !a.visible) throw studyNotFound();
    const row = await findUserReview(this.ctx.db, studyId, user.id);
    return row ? toReview(row) : null;
  }

  async list(studyId: string, user: AuthUser | null, q: { page: number; size: number }): Promise<ReviewList> {
    const a = await this.deps.studies.callerAccess(studyId, user);
    if (!a || !a.visible) throw studyNotFound();
    const rows = await listReviews(this.ctx.db, studyId, q);
    const stats = await reviewStats(this.ctx.db, studyId);
    const count = stats.ratings.reduce((n, r) => n + r.n, 0);
    const sum = stats.ratings.reduce((n, r) => n + r.rating * r.n, 0);
    const ratingCounts: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const r of stats.ratings) ratingCounts[String(r.rating)] = r.n;
    return {
      ...toPage(rows.map(toReview), count, q),
      summary: {
        count,
        average: count ? Math.round((sum / count) * 10) / 10 : null,
        ratingCounts,
        tagCounts: Object.fromEntries(stats.tags.map((t) => [t.tag, t.n])),
      },
    };
  }
}
