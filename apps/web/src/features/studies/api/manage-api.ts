/**
 * Leader/admin calls behind /study/{id}/manage: status moves and their history, member roles,
 * warnings and removal, events and attendance (docs/studies.md).
 */
import type {
  AttendanceBody,
  AttendanceStatus,
  CalendarEvent,
  StudyAction,
  StudyEventBody,
  StudyMember,
  StudyTransition,
  Study,
} from '@moim/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { studyKeys } from './keys';

export const manageUrls = {
  status: (id: string) => `/api/studies/${id}/status`,
  transitions: (id: string) => `/api/studies/${id}/transitions`,
  memberRole: (id: string, userId: string) => `/api/studies/${id}/members/${userId}/role`,
  memberWarnings: (id: string, userId: string) => `/api/studies/${id}/members/${userId}/warnings`,
  leave: (id: string) => `/api/studies/${id}/members/leave`,
  events: (id: string) => `/api/studies/${id}/events`,
  attendance: (id: string, eventId: string) => `/api/studies/${id}/events/${eventId}/attendance`,
};

const invalidateStudy = (qc: ReturnType<typeof useQueryClient>) => () => void qc.invalidateQueries({ queryKey: studyKeys.all });

export function useStudyStatus(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: StudyAction; reason?: string }) =>
      api.post<Study>(manageUrls.status(studyId), v.reason ? v : { action: v.action }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useTransitions(studyId: string) {
  return useQuery({
    queryKey: studyKeys.transitions(studyId),
    queryFn: ({ signal }) => api.get<StudyTransition[]>(manageUrls.transitions(studyId), { signal }),
  });
}

export function useMemberRole(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; role: 'MANAGER' | 'MEMBER' }) =>
      api.put<StudyMember>(manageUrls.memberRole(studyId, v.userId), { role: v.role }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useWarnMember(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; reason: string }) =>
      api.post<unknown>(manageUrls.memberWarnings(studyId, v.userId), { reason: v.reason }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useRemoveMember(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The server takes no reason for a removal; the dialog's reason stays with the leader's confirmation.
    mutationFn: (v: { userId: string; reason?: string }) =>
      api.post<unknown>(manageUrls.leave(studyId), undefined, { query: { userId: v.userId } }),
    onSuccess: invalidateStudy(qc),
  });
}

export function useStudyEvents(studyId: string) {
  return useQuery({
    queryKey: studyKeys.events(studyId),
    queryFn: ({ signal }) => api.get<CalendarEvent[]>(manageUrls.events(studyId), { signal }),
  });
}

export function useAddEvent(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyEventBody) => api.post<CalendarEvent>(manageUrls.events(studyId), body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studyKeys.events(studyId) });
      void qc.invalidateQueries({ queryKey: ['calendar'] });
    },
  });
}

export function useDeleteEvent(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.delete<unknown>(`${manageUrls.events(studyId)}/${eventId}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studyKeys.events(studyId) });
      void qc.invalidateQueries({ queryKey: ['calendar'] });
    },
  });
}

export interface AttendanceSheet {
  eventId: string;
  records: Array<{ userId: string; name: string; status: AttendanceStatus; recordedAt: string }>;
}

export function useAttendance(studyId: string, eventId: string | null) {
  return useQuery({
    queryKey: studyKeys.attendance(studyId, eventId ?? ''),
    queryFn: ({ signal }) => api.get<AttendanceSheet>(manageUrls.attendance(studyId, eventId!), { signal }),
    enabled: !!eventId,
  });
}

export function useSaveAttendance(studyId: string, eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceBody) => api.post<AttendanceSheet>(manageUrls.attendance(studyId, eventId), body),
    onSuccess: (data) => {
      qc.setQueryData(studyKeys.attendance(studyId, eventId), data);
      void qc.invalidateQueries({ queryKey: studyKeys.members(studyId) });
    },
  });
}
