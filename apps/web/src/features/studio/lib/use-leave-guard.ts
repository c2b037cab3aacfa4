/**
 * Asks before the writer leaves work that is not saved yet. A reload, closing the tab or typing
 * another address get the browser's own question (beforeunload); a link inside the app is held
 * and `asking` is set, so the page can show the shared ConfirmDialog and then `leave()` or
 * `stay()`. (The app renders a <BrowserRouter>, whose navigation cannot be blocked from inside
 * a route, so in-app links are caught where they are clicked; see docs/studio.md "Drafts".)
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

export function useLeaveGuard(when: boolean) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const here = window.location.pathname + window.location.search;
      if (url.pathname + url.search === here) return;
      e.preventDefault();
      e.stopPropagation();
      setAsking(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  const leave = useCallback(() => {
    const to = asking;
    setAsking(null);
    if (to) void navigate(to);
  }, [asking, navigate]);
  const stay = useCallback(() => setAsking(null), []);
  /** ask before an action of the page itself that leaves the work (e.g. "new document") */
  const ask = useCallback((to: string) => (when ? setAsking(to) : void navigate(to)), [when, navigate]);

  return { asking: asking !== null, leave, stay, ask };
}
