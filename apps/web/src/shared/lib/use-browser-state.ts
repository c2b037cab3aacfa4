/**
 * State whose first value comes from the browser (what this browser stored, a media query), on a
 * page the server or the build drew without it. While React adopts that markup the value is
 * `initial` (what the markup was drawn with: no hydration mismatch, which would make React throw
 * the page away and draw it again); right after, `read()` once, in a render of its own. In a page
 * the app draws alone it is `read()` from the first render. Set like `useState`; a value set
 * before the browser's was read wins. `ready` is false while the value is still `initial` for
 * the adoption, so a caller writing the value back to the browser does not overwrite what was
 * stored.
 */
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { useHydrated } from './use-hydrated';

export function useBrowserState<T>(read: () => T, initial: T): [value: T, set: Dispatch<SetStateAction<T>>, ready: boolean] {
  const hydrated = useHydrated();
  const [state, setState] = useState(() => (hydrated ? { value: read(), ready: true } : { value: initial, ready: false }));
  // the markup has been adopted: the browser's value, in the render right after
  if (hydrated && !state.ready) setState({ value: read(), ready: true });
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) => setState((prev) => ({ value: typeof next === 'function' ? (next as (prev: T) => T)(prev.value) : next, ready: true })),
    [],
  );
  return [state.value, set, state.ready];
}
