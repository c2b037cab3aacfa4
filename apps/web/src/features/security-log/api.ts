/** The security log's calls: a `queryOptions` factory per read, a hook per write (contract `securityLog*`, `signIn*`, `activeSession*`). */
import { activeSessions, securityLogPage, sessionEnded, signInPage, type SecurityAction, type SecurityOutcome } from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { securityLogPaths } from '../../shared/api/paths/security-log';

const DEV = import.meta.env.DEV;

export const securityLogKeys = {
  /** the back office's search */
  search: (q: object) => ['admin', 'security-log', q] as const,
  signIns: (page: number) => ['users', 'me', 'sign-ins', page] as const,
  sessions: () => ['users', 'me', 'sessions'] as const,
};

export interface SecurityLogFilter {
  actor?: string;
  action?: SecurityAction;
  targetKind?: string;
  targetId?: string;
  outcome?: SecurityOutcome;
  from?: string;
  to?: string;
  ip?: string;
}

export const securityLogQuery = (q: SecurityLogFilter & { page: number; size: number }) =>
  queryOptions({
    queryKey: securityLogKeys.search(q),
    queryFn: () => api.get(securityLogPaths.adminSearch, { query: { ...q }, schema: DEV && securityLogPage }),
    placeholderData: keepPreviousData,
  });

export function useSecurityLog(q: SecurityLogFilter & { page: number; size: number }) {
  return useQuery(securityLogQuery(q));
}

export const signInsQuery = (page: number) =>
  queryOptions({
    queryKey: securityLogKeys.signIns(page),
    queryFn: () => api.get(securityLogPaths.signIns, { query: { page, size: 10 }, schema: DEV && signInPage }),
    placeholderData: keepPreviousData,
  });

export function useSignIns(page: number) {
  return useQuery(signInsQuery(page));
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: securityLogKeys.sessions(),
    queryFn: () => api.get(securityLogPaths.sessions, { schema: DEV && activeSessions }),
  });

export function useSessions() {
  return useQuery(sessionsQuery());
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(securityLogPaths.session(id), { schema: DEV && sessionEnded }),
    onSettled: () => qc.invalidateQueries({ queryKey: securityLogKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(securityLogPaths.endOthers, undefined, { schema: DEV && sessionEnded }),
    onSettled: () => qc.invalidateQueries({ queryKey: securityLogKeys.sessions() }),
  });
}
