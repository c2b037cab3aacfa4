/**
 * Reviews of completed studies: a rating, a short text and tags from a fixed set (at most five,
 * at most two per category), one review per member and study.
 */
import { z } from 'zod';
import { page } from './envelope.ts';
import { userRef } from './studies.ts';
import { REVIEW_LIMITS, REVIEW_TAG_KEYS, reviewTagIssues } from './review-rules.ts';

export const reviewTagSchema = z.enum(REVIEW_TAG_KEYS);

export const reviewBody = z
  .object({
    rating: z.number().int().min(REVIEW_LIMITS.ratingMin).max(REVIEW_LIMITS.ratingMax),
    text: z.string().trim().max(REVIEW_LIMITS.textMax).default(''),
    tags: z.array(reviewTagSchema).max(REVIEW_LIMITS.tagsMax).default([]),
  })
  .refine((b) => reviewTagIssues(b.tags).length === 0, { message: 'form.reviewTags', path: ['tags'] });
export type ReviewBody = z.infer<typeof reviewBody>;

export const review = z.object({
  id: z.string(),
  studyId: z.string(),
  author: userRef,
  rating: z.number().int(),
  text: z.string(),
  tags: z.array(reviewTagSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewSummary = z.object({
  count: z.number().int(),
  /** Mean rating rounded to one decimal; null without reviews. */
  average: z.number().nullable(),
  ratingCounts: z.record(z.string(), z.number().int()),
  tagCounts: z.record(z.string(), z.number().int()),
});
export const reviewList = page(review).extend({ summary: reviewSummary });
export type ReviewList = z.infer<typeof reviewList>;
