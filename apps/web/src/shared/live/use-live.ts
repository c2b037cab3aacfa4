/**
 * React's view of the live client: the channel's state, a topic watched while a component is
 * mounted (its events invalidate the given TanStack Query keys), and the polling interval a
 * query keeps only while the channel is not live (docs/live.md "Fallback").
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveEvent } from '@moim/contract';
import { type LiveConnectionState, type LiveSignal, liveClient } from './live-client';

export function useLiveState(): LiveConnectionState {
  return useSyncExternalStore(
    (cb) => liveClient.onState(cb),
    () => liveClient.state(),
    () => 'off',
  );
}

/** `ms` while the channel is down or degraded, else false (no polling: events invalidate). */
export function usePollUnlessLive(ms: number): number | false {
  return useLiveState() === 'live' ? false : ms;
}

/**
 * `run` for a burst of triggers: once, `delayMs` after the first, and never two at a time; a
 * trigger that comes while a run is in flight (whose answer may predate it) runs it once more
 * after. Thirty check-ins in a second make two or three reads of the room, not thirty that cancel
 * each other (a refetch restarted on every event may never finish in a burst), and the last
 * change is always read. `cancel` stops a pending run.
 */
export function coalesce(run: () => Promise<unknown>, delayMs: number): { trigger: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  const start = () => {
    timer = null;
    running = true;
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          timer = setTimeout(start, delayMs);
        }
      });
  };
  return {
    trigger() {
      if (running) again = true;
      else if (timer === null) timer = setTimeout(start, delayMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      again = false;
    },
  };
}

/** How long the web gathers a topic's events before it asks again (docs/live.md "The web"). */
const GATHER_MS = 100;

/**
 * While mounted: every event on `topic` (and a reset) invalidates `keys` (JSON-able query keys);
 * a burst of events is read once or twice (`coalesce`), and the last change always. An event
 * `everything` picks (and a reset, after which events may have been missed) makes every query
 * stale and every query on screen ask again instead: a new notification speaks of something else
 * that changed (an offer of a seat, an accepted application), and the page the reader has open,
 * or opens next from the cache, is to show it. `everything`: a function declared once (a new one
 * each render would watch again).
 */
export function useLiveInvalidation(
  topic: string | null | undefined,
  keys: readonly QueryKey[],
  everything?: (event: LiveEvent) => boolean,
): void {
  const qc = useQueryClient();
  // the keys by value: a new array of the same keys each render does not re-subscribe
  const keyText = JSON.stringify(keys);
  useEffect(() => {
    if (!topic) return;
    const queryKeys = JSON.parse(keyText) as QueryKey[];
    let wide = false;
    const read = coalesce(() => {
      const all = wide;
      wide = false;
      return all ? qc.invalidateQueries() : Promise.all(queryKeys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    }, GATHER_MS);
    const stop = liveClient.watch(topic, (signal: LiveSignal) => {
      if (everything && (signal.type === 'reset' || everything(signal.event))) wide = true;
      read.trigger();
    });
    return () => {
      stop();
      read.cancel();
    };
  }, [topic, keyText, everything, qc]);
}

/** The signed-in user's own topic (notifications, payments), once known. */
export function useOwnTopic(userId: string | null | undefined): string | null {
  return userId ? `user:${userId}` : null;
}
