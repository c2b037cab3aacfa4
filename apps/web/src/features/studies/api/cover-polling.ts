/**
 * While a study reports its cover PENDING (the job queue is turning the upload into webp), its
 * detail query reads it again every 2 s, up to 30 reads (the SPEC §9 image polling), so the new
 * cover appears without a reload; READY, FAILED or NONE stops it. The reads of one PENDING stretch
 * are counted from the query's data updates; a new upload starts a new stretch (restartCoverPoll).
 */
import { PROFILE_IMAGE_POLL_INTERVAL_MS, PROFILE_IMAGE_POLL_MAX_TRIES, type Study } from '@moim/contract';

interface PolledQuery {
  state: { data?: Pick<Study, 'coverImageStatus'> | undefined; dataUpdateCount: number };
}

const pendingSince = new WeakMap<object, number>();

export type CoverPoll = 'idle' | 'polling' | 'gave-up';

export function coverPoll(query: PolledQuery | undefined): CoverPoll {
  if (!query) return 'idle';
  const { data, dataUpdateCount } = query.state;
  if (data?.coverImageStatus !== 'PENDING') {
    pendingSince.delete(query);
    return 'idle';
  }
  const since = pendingSince.get(query) ?? dataUpdateCount;
  pendingSince.set(query, since);
  return dataUpdateCount - since < PROFILE_IMAGE_POLL_MAX_TRIES ? 'polling' : 'gave-up';
}

/** TanStack Query's refetchInterval for a study's detail query. */
export const coverRefetchInterval = (query: PolledQuery): number | false =>
  coverPoll(query) === 'polling' ? PROFILE_IMAGE_POLL_INTERVAL_MS : false;

/** A new upload: count its reads afresh. */
export function restartCoverPoll(query: PolledQuery | undefined): void {
  if (query) pendingSince.delete(query);
}
