/**
 * Leader/admin calls behind /study/{id}/manage: status moves and their history, member roles,
 * warnings and removal, events and attendance (docs/studies.md).
 */
import {
  attendanceSheet,
  calendarEvent,
  deletedWithId,
  memberWarning,
  membership,
  study,
  studyMember,
  studyTransition,
  type AttendanceBody,
  type StudyAction,
  type StudyEventBody,
} from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { studyKeys } from './keys';

const manageUrls = studiesPaths;

const invalidateStudy = (qc: ReturnType<typeof useQueryClient>) => () => void qc.invalidateQueries({ queryKey: studyKeys.all });

/**
 * An event added or removed: the calendar's views read again, by the calendar's own keys. Its public
 * entry is loaded on demand, so the calendar's component and styles stay out of these pages' chunks.
 */
const invalidateCalendar = (qc: ReturnType<typeof useQueryClient>) =>
  void import('../../calendar').then(({ calendarKeys }) => qc.invalidateQueries({ queryKey: calendarKeys.all }));

export function useStudyStatus(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: StudyAction; reason?: string }) =>
      api.post(manageUrls.status(studyId), v.reason ? v : { action: v.action }, { schema: import.meta.env.DEV && study }),
    onSuccess: invalidateStudy(qc),
  });
}

export const transitionsQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.transitions(studyId),
    queryFn: ({ signal }) => api.get(manageUrls.transitions(studyId), { signal, schema: import.meta.env.DEV && arrayOf(studyTransition) }),
  });

export function useTransitions(studyId: string) {
  return useQuery(transitionsQuery(studyId));
}

export function useMemberRole(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; role: 'MANAGER' | 'MEMBER' }) =>
      api.put(manageUrls.memberRole(studyId, v.userId), { role: v.role }, { schema: import.meta.env.DEV && studyMember }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useWarnMember(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; reason: string }) =>
      api.post(manageUrls.memberWarnings(studyId, v.userId), { reason: v.reason }, { schema: import.meta.env.DEV && memberWarning }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useRemoveMember(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The server takes no reason for a removal; the dialog's reason stays with the leader's confirmation.
    mutationFn: (v: { userId: string; reason?: string }) =>
      api.post(manageUrls.leave(studyId), undefined, { query: { userId: v.userId }, schema: import.meta.env.DEV && membership }),
    onSuccess: invalidateStudy(qc),
  });
}

export const studyEventsQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.events(studyId),
    queryFn: ({ signal }) => api.get(manageUrls.events(studyId), { signal, schema: import.meta.env.DEV && arrayOf(calendarEvent) }),
  });

export function useStudyEvents(studyId: string) {
  return useQuery(studyEventsQuery(studyId));
}

export function useAddEvent(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyEventBody) => api.post(manageUrls.events(studyId), body, { schema: import.meta.env.DEV && calendarEvent }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studyKeys.events(studyId) });
      invalidateCalendar(qc);
    },
  });
}

export function useDeleteEvent(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.delete(manageUrls.event(studyId, eventId), { schema: import.meta.env.DEV && deletedWithId }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studyKeys.events(studyId) });
      invalidateCalendar(qc);
    },
  });
}

/** The contract's attendance sheet (GET/POST …/events/{eventId}/attendance). */
export type AttendanceSheet = ReturnType<typeof attendanceSheet.parse>;

export const attendanceQuery = (studyId: string, eventId: string | null) =>
  queryOptions({
    queryKey: studyKeys.attendance(studyId, eventId ?? ''),
    queryFn: ({ signal }) => api.get(manageUrls.attendance(studyId, eventId!), { signal, schema: import.meta.env.DEV && attendanceSheet }),
    enabled: !!eventId,
  });

export function useAttendance(studyId: string, eventId: string | null) {
  return useQuery(attendanceQuery(studyId, eventId));
}

export function useSaveAttendance(studyId: string, eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceBody) =>
      api.post(manageUrls.attendance(studyId, eventId), body, { schema: import.meta.env.DEV && attendanceSheet }),
    onSuccess: (data) => {
      qc.setQueryData(studyKeys.attendance(studyId, eventId), data);
      void qc.invalidateQueries({ queryKey: studyKeys.members(studyId) });
    },
  });
}
