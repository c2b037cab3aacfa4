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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const keys = {
  rules: (id: string) => [...studyKeys.study(id), 'check-in', 'rules'] as const,
  code: (id: string, eventId: string) => [...studyKeys.study(id), 'check-in', 'code', eventId] as const,
  link: (id: string, eventId: string) => [...studyKeys.study(id), 'check-in', 'link', eventId] as const,
  room: (id: string, eventId: string) => [...studyKeys.study(id), 'check-in', 'room', eventId] as const,
  report: (id: string) => [...studyKeys.study(id), 'attendance-report'] as const,
  corrections: (id: string) => [...studyKeys.study(id), 'attendance-corrections'] as const,
  mine: (id: string) => [...studyKeys.study(id), 'attendance-mine'] as const,
};

/** How often the leader's screen asks for the room and the code (polling until live updates land). */
export const ROOM_POLL_MS = 3_000;
const CODE_POLL_MS = 5_000;

export function useCheckInRules(studyId: string) {
  return useQuery({
    queryKey: keys.rules(studyId),
    queryFn: ({ signal }) => api.get(checkInPaths.rules(studyId), { signal, schema: import.meta.env.DEV && checkInRulesView }),
  });
}

export function useSaveCheckInRules(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: CheckInRules) => api.put(checkInPaths.rules(studyId), rules, { schema: import.meta.env.DEV && checkInRulesView }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...studyKeys.study(studyId), 'check-in'] }),
  });
}

export function useCheckInCode(studyId: string, eventId: string) {
  return useQuery({
    queryKey: keys.code(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.code(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInCodeView }),
    refetchInterval: CODE_POLL_MS,
    retry: false,
  });
}

export function useCheckInLink(studyId: string, eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.link(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.link(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInLinkView }),
    enabled,
    retry: false,
  });
}

/** The leader's live room: check-ins arrive over the live channel; polled only while it is down. */
export function useCheckInRoom(studyId: string, eventId: string) {
  useLiveInvalidation(liveTopicOf('study-check-ins', studyId), [keys.room(studyId, eventId), keys.corrections(studyId)]);
  const poll = usePollUnlessLive(ROOM_POLL_MS);
  return useQuery({
    queryKey: keys.room(studyId, eventId),
    queryFn: ({ signal }) => api.get(checkInPaths.room(studyId, eventId), { signal, schema: import.meta.env.DEV && checkInRoom }),
    refetchInterval: poll,
  });
}

export function useCheckIn(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInBody) => api.post(checkInPaths.checkIn(studyId), body, { schema: import.meta.env.DEV && checkInResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.mine(studyId) }),
  });
}

export function useAttendanceReport(studyId: string) {
  return useQuery({
    queryKey: keys.report(studyId),
    queryFn: ({ signal }) => api.get(checkInPaths.report(studyId), { signal, schema: import.meta.env.DEV && attendanceReport }),
  });
}

export function useAttendanceCorrections(studyId: string) {
  return useQuery({
    queryKey: keys.corrections(studyId),
    queryFn: ({ signal }) =>
      api.get(checkInPaths.corrections(studyId), { signal, schema: import.meta.env.DEV && arrayOf(attendanceCorrection) }),
  });
}

export function useMyAttendance(studyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.mine(studyId ?? ''),
    queryFn: ({ signal }) => api.get(checkInPaths.mine(studyId!), { signal, schema: import.meta.env.DEV && myAttendance }),
    enabled: enabled && !!studyId,
  });
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
