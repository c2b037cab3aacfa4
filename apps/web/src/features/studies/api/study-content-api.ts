/** The composed study page (draft/publish) and reviews: a `queryOptions` factory per read, a hook per write. */
import { review, reviewList, studyMemberPage, studyPageContent, type ReviewBody, type StudyPageDraftBody } from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, orNull } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { studyKeys } from './keys';

export const studyPageQuery = (studyId: string | undefined, which: 'published' | 'draft' = 'published') =>
  queryOptions({
    queryKey: studyKeys.page(studyId ?? '', which),
    queryFn: async ({ signal }) => {
      try {
        return await api.get(studiesPaths.page(studyId!), {
          signal,
          query: which === 'draft' ? { draft: 'true' } : undefined,
          schema: import.meta.env.DEV && studyPageContent,
        });
      } catch (err) {
        // No page composed yet: the detail page falls back to its default layout.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!studyId,
  });

export function useStudyPage(studyId: string | undefined, which: 'published' | 'draft' = 'published') {
  return useQuery(studyPageQuery(studyId, which));
}

export function useSaveStudyPageDraft(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyPageDraftBody) =>
      api.put(studiesPaths.pageDraft(studyId), body, { schema: import.meta.env.DEV && studyPageContent }),
    onSuccess: (data) => qc.setQueryData(studyKeys.page(studyId, 'draft'), data),
  });
}

export function usePublishStudyPage(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(studiesPaths.pagePublish(studyId), undefined, { schema: import.meta.env.DEV && studyPageContent }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.study(studyId) }),
  });
}

export const reviewsQuery = (studyId: string | undefined, size = 6) =>
  queryOptions({
    queryKey: studyKeys.reviewList(studyId ?? '', size),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.reviews(studyId!), { signal, query: { page: 0, size }, schema: import.meta.env.DEV && reviewList }),
    enabled: !!studyId,
  });

export function useReviews(studyId: string | undefined, size = 6) {
  return useQuery(reviewsQuery(studyId, size));
}

/** The signed-in member's own review of a study (null when not written yet). */
export const myReviewQuery = (studyId: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: studyKeys.myReview(studyId ?? ''),
    queryFn: ({ signal }) => api.get(studiesPaths.myReview(studyId!), { signal, schema: import.meta.env.DEV && orNull(review) }),
    enabled: !!studyId && enabled,
  });

export function useMyReview(studyId: string | undefined, enabled = true) {
  return useQuery(myReviewQuery(studyId, enabled));
}

export function useWriteReview(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post(studiesPaths.reviews(studyId), body, { schema: import.meta.env.DEV && review }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

/** Public member list for the page's members section (active members only). */
export const publicMembersQuery = (studyId: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: studyKeys.publicMembers(studyId ?? ''),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.members(studyId!), {
        signal,
        query: { page: 0, size: 50, active: true },
        schema: import.meta.env.DEV && studyMemberPage,
      }),
    enabled: !!studyId && enabled,
    retry: false,
  });

export function usePublicMembers(studyId: string | undefined, enabled = true) {
  return useQuery(publicMembersQuery(studyId, enabled));
}
