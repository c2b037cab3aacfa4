import { useLocation, useSearchParams, type Location } from 'react-router';
import { safeReturnTo } from '../../shared/auth/require-auth';

/** Where to go after login: ?returnTo=, else the guard's `from` state, else home. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const fromPath = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  return safeReturnTo(params.get('returnTo') ?? fromPath);
}

/** Keeps returnTo and brand when moving between login and signup. */
export function useCarryParams(): string {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const k of ['returnTo', 'brand']) {
    const v = params.get(k);
    if (v) keep.set(k, v);
  }
  const s = keep.toString();
  return s ? `?${s}` : '';
}
