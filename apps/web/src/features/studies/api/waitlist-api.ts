/** The waitlist of a full study (docs/waitlist.md): join, my place, leave, and the organisers' view. */
import { application, liveTopicOf, myWaitlistPlace, studyWaitlist, type ApplyBody } from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { useLiveInvalidation } from '../../../shared/live/use-live';
import { studyKeys } from './keys';

export function useJoinWaitlist(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => api.post(studiesPaths.waitlist(studyId), body, { schema: import.meta.env.DEV && application }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

/** My place in the line (null: not in it) and its length. */
export const myWaitlistPlaceQuery = (studyId: string, enabled = true) =>
  queryOptions({
    queryKey: studyKeys.myWaitlistPlace(studyId),
    queryFn: ({ signal }) => api.get(studiesPaths.myWaitlistPlace(studyId), { signal, schema: import.meta.env.DEV && myWaitlistPlace }),
    enabled,
  });

export function useMyWaitlistPlace(studyId: string, enabled = true) {
  return useQuery(myWaitlistPlaceQuery(studyId, enabled));
}

export function useLeaveWaitlist(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(studiesPaths.myWaitlistPlace(studyId), { schema: import.meta.env.DEV && application }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

/** The whole line with names (the leader, managers, admins); a join, a leave or a promotion shows at once (docs/live.md). */
export const waitlistQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.waitlist(studyId),
    queryFn: ({ signal }) => api.get(studiesPaths.waitlist(studyId), { signal, schema: import.meta.env.DEV && studyWaitlist }),
  });

export function useWaitlist(studyId: string) {
  useLiveInvalidation(liveTopicOf('study-applicants', studyId), [studyKeys.waitlist(studyId)]);
  return useQuery(waitlistQuery(studyId));
}
