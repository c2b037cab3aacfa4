/**
 * Check-in and attendance calls (docs/attendance.md "Check-in and attendance"): the leader's code,
 * link, live room (live updates; polled only while the live channel is down), rules, report, corrections log and CSV; a member's
 * check-in and own record.
 */
import {
  attendanceCorrection,
  attendanceReport,
  checkInCodeView,
  checkInLinkView,
  checkInResult,
  checkInRoom,
  checkInRulesView,
  myAttendance,
  type CheckInBody,
  type CheckInRules,
  liveTopicOf,
} from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf, uiLocale } from '../../../shared/api/client';
import { getAccessToken } from '../../../shared/auth/token-store';
import { useLiveInvalidation, usePollUnlessLive } from '../../../shared/live/use-live';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { studyKeys } from './keys';

const seg = encodeURIComponent;
const base = (id: string) => studiesPaths.byId(id);
export const checkInPaths = {
  rules: (id: string) => `${base(id)}/check-in/rules`,
  checkIn: (id: string) => `${base(id)}/check-in`,
  code: (id: string, eventId: string) => `${base(id)}/events/${seg(eventId)}/check-in/code`,
  link: (id: string, eventId: string) => `${base(id)}/events/${seg(eventId)}/check-in/link`,
  room: (id: string, eventId: string) => `${base(id)}/events/${seg(eventId)}/check-in/room`,
  report: (id: string) => `${base(id)}/attendance`,
  corrections: (id: string) => `${base(id)}/attendance/corrections`,
  mine: (id: string) => `${base(id)}/attendance/me`,
  csv: (id: string) => `${base(id)}/attendance/export`,
};

/** How often the leader's screen asks for the room and the code (polling until live updates land). */
export const ROOM_POLL_MS = 3_000;
const CODE_POLL_MS = 5_000;

export const checkInRulesQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.checkInRules(studyId),
    queryFn: ({ signal }) => api.get(checkInPaths.rules(studyId), { signal, schema: import.meta.env.DEV && checkInRulesView }),
  });

export function useCheckInRules(studyId: string) {
  return useQuery(checkInRulesQuery(studyId));
}

export function useSaveCheckInRules(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: CheckInRules) => api.put(checkInPaths.rules(studyId), rules, { schema: import.meta.env.DEV && checkInRulesView }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.checkIn(studyId) }),
  });
}

export const checkInCodeQuery = (studyId: string, eventId: string) =>
  queryOptions({
    queryKey: studyKeys.checkInCode(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.code(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInCodeView }),
    refetchInterval: CODE_POLL_MS,
    retry: false,
  });

export function useCheckInCode(studyId: string, eventId: string) {
  return useQuery(checkInCodeQuery(studyId, eventId));
}

export const checkInLinkQuery = (studyId: string, eventId: string, enabled: boolean) =>
  queryOptions({
    queryKey: studyKeys.checkInLink(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.link(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInLinkView }),
    enabled,
    retry: false,
  });

export function useCheckInLink(studyId: string, eventId: string, enabled: boolean) {
  return useQuery(checkInLinkQuery(studyId, eventId, enabled));
}

export const checkInRoomQuery = (studyId: string, eventId: string) =>
  queryOptions({
    queryKey: studyKeys.checkInRoom(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.room(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInRoom }),
  });

/** The leader's live room: check-ins arrive over the live channel; polled only while it is down. */
export function useCheckInRoom(studyId: string, eventId: string) {
  useLiveInvalidation(liveTopicOf('study-check-ins', studyId), [
    studyKeys.checkInRoom(studyId, eventId),
    studyKeys.attendanceCorrections(studyId),
  ]);
  const poll = usePollUnlessLive(ROOM_POLL_MS);
  return useQuery({ ...checkInRoomQuery(studyId, eventId), refetchInterval: poll });
}

export function useCheckIn(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInBody) => api.post(checkInPaths.checkIn(studyId), body, { schema: import.meta.env.DEV && checkInResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.myAttendance(studyId) }),
  });
}

export const attendanceReportQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.attendanceReport(studyId),
    queryFn: ({ signal }) => api.get(checkInPaths.report(studyId), { signal, schema: import.meta.env.DEV && attendanceReport }),
  });

export function useAttendanceReport(studyId: string) {
  return useQuery(attendanceReportQuery(studyId));
}

export const attendanceCorrectionsQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.attendanceCorrections(studyId),
    queryFn: ({ signal }) =>
      api.get(checkInPaths.corrections(studyId), { signal, schema: import.meta.env.DEV && arrayOf(attendanceCorrection) }),
  });

export function useAttendanceCorrections(studyId: string) {
  return useQuery(attendanceCorrectionsQuery(studyId));
}

export const myAttendanceQuery = (studyId: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: studyKeys.myAttendance(studyId ?? ''),
    queryFn: ({ signal }) => api.get(checkInPaths.mine(studyId!), { signal, schema: import.meta.env.DEV && myAttendance }),
    enabled: enabled && !!studyId,
  });

export function useMyAttendance(studyId: string | undefined, enabled: boolean) {
  return useQuery(myAttendanceQuery(studyId, enabled));
}

/** Fetch the CSV with the session's token and hand it to the browser as a download. */
export async function downloadAttendanceCsv(studyId: string, fileName: string): Promise<void> {
  const token = getAccessToken();
  const res = await fetch(checkInPaths.csv(studyId), {
    headers: { 'accept-language': uiLocale(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`CSV ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
