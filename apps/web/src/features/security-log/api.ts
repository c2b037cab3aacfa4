/** The security log's calls and query hooks (contract `securityLog*`, `signIn*`, `activeSession*`). */
import { activeSessions, securityLogPage, sessionEnded, signInPage, type SecurityAction, type SecurityOutcome } from '@moim/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { securityLogPaths } from '../../shared/api/paths/security-log';

const DEV = import.meta.env.DEV;

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

export function useSecurityLog(q: SecurityLogFilter & { page: number; size: number }) {
  return useQuery({
    queryKey: ['admin', 'security-log', q],
    queryFn: () => api.get(securityLogPaths.adminSearch, { query: { ...q }, schema: DEV && securityLogPage }),
    placeholderData: keepPreviousData,
  });
}

export function useSignIns(page: number) {
  return useQuery({
    queryKey: ['users', 'me', 'sign-ins', page],
    queryFn: () => api.get(securityLogPaths.signIns, { query: { page, size: 10 }, schema: DEV && signInPage }),
    placeholderData: keepPreviousData,
  });
}

const sessionsKey = ['users', 'me', 'sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api.get(securityLogPaths.sessions, { schema: DEV && activeSessions }) });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(securityLogPaths.session(id), { schema: DEV && sessionEnded }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(securityLogPaths.endOthers, undefined, { schema: DEV && sessionEnded }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}
