/** The composed study page (draft/publish) and reviews. */
import type { Page, ReviewBody, ReviewList, Review, StudyMember, StudyPageContent, StudyPageDraftBody } from '@moim/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { studyKeys } from './keys';

export function useStudyPage(studyId: string | undefined, which: 'published' | 'draft' = 'published') {
  return useQuery({
    queryKey: studyKeys.page(studyId ?? '', which),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<StudyPageContent>(`/api/studies/${studyId}/page`, {
          signal,
          query: which === 'draft' ? { draft: 'true' } : undefined,
        });
      } catch (err) {
        // No page composed yet: the detail page falls back to its default layout.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!studyId,
  });
}

export function useSaveStudyPageDraft(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyPageDraftBody) => api.put<StudyPageContent>(`/api/studies/${studyId}/page/draft`, body),
    onSuccess: (data) => qc.setQueryData(studyKeys.page(studyId, 'draft'), data),
  });
}

export function usePublishStudyPage(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StudyPageContent>(`/api/studies/${studyId}/page/publish`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.study(studyId) }),
  });
}

export function useReviews(studyId: string | undefined, size = 6) {
  return useQuery({
    queryKey: [...studyKeys.reviews(studyId ?? ''), size],
    queryFn: ({ signal }) => api.get<ReviewList>(`/api/studies/${studyId}/reviews`, { signal, query: { page: 0, size } }),
    enabled: !!studyId,
  });
}

/** The signed-in member's own review of a study (null when not written yet). */
export function useMyReview(studyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...studyKeys.reviews(studyId ?? ''), 'mine'],
    queryFn: ({ signal }) => api.get<Review | null>(`/api/studies/${studyId}/reviews/mine`, { signal }),
    enabled: !!studyId && enabled,
  });
}

export function useWriteReview(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post<Review>(`/api/studies/${studyId}/reviews`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

/** Public member list for the page's members section (active members only). */
export function usePublicMembers(studyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...studyKeys.members(studyId ?? ''), 'public'],
    queryFn: ({ signal }) =>
      api.get<Page<StudyMember>>(`/api/studies/${studyId}/members`, { signal, query: { page: 0, size: 50, active: true } }),
    enabled: !!studyId && enabled,
    retry: false,
  });
}
