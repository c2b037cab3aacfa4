/**
 * Where live events are numbered and kept for resumption: per topic, the last N events
 * (`LIVE_RING_SIZE`). In memory for one instance (or while Redis is away); in a Redis stream per
 * topic when REDIS_URL is set, so a client that reconnects to another instance resumes there.
 *
 * A backlog read answers which events follow the client's last id and whether that is all of
 * them (`complete`): false when the ring no longer reaches back that far (trimmed, expired, a
 * restarted process), and the client then asks the HTTP API again instead of trusting a gap.
 */
import type { LiveEvent } from '@moim/contract';

export const LIVE_RING_SIZE = 200;
/** a quiet topic's ring is forgotten after this long (Redis key expiry; memory: on overflow) */
export const LIVE_RING_TTL_MS = 24 * 3600_000;
const MEMORY_TOPICS_MAX = 20_000;

export interface Backlog {
  events: LiveEvent[];
  /** every event after `after` is in `events` */
  complete: boolean;
  /** the topic's latest event id (null: none kept) */
  head: string | null;
}

/** `<ms>-<seq>` ids in order (a Redis stream id has the same shape). */
export function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}

interface Ring {
  events: LiveEvent[];
  /** the id of the newest event dropped from the ring (null: none dropped) */
  dropped: string | null;
  touched: number;
}

/** The process's own rings and id sequence. */
export class MemoryEventLog {
  private readonly rings = new Map<string, Ring>();
  private lastMs = 0;
  private seq = 0;
  /** events before this id may have existed (the process started here) */
  private readonly origin: string;

  constructor(private readonly size = LIVE_RING_SIZE) {
    this.origin = `${Date.now()}-0`;
  }

  /** A fresh id, after every id this log has seen. */
  nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq++;
    return `${this.lastMs}-${this.seq}`;
  }

  /** Keep an event (numbered here or by Redis); ids that go backwards are ignored (a replay). */
  keep(event: LiveEvent): boolean {
    const [ms = 0, seq = 0] = event.id.split('-').map(Number);
    if (ms > this.lastMs || (ms === this.lastMs && seq > this.seq)) {
      this.lastMs = ms;
      this.seq = seq;
    }
    let ring = this.rings.get(event.topic);
    if (!ring) {
      if (this.rings.size >= MEMORY_TOPICS_MAX) this.evictOldest();
      ring = { events: [], dropped: null, touched: Date.now() };
      this.rings.set(event.topic, ring);
    }
    const last = ring.events.at(-1);
    if (last && compareIds(event.id, last.id) <= 0) return false;
    ring.events.push(event);
    ring.touched = Date.now();
    if (ring.events.length > this.size) ring.dropped = ring.events.shift()!.id;
    return true;
  }

  backlog(topic: string, after: string | undefined): Backlog {
    const ring = this.rings.get(topic);
    const head = ring?.events.at(-1)?.id ?? null;
    if (after === undefined) return { events: [], complete: true, head };
    const floor = ring?.dropped ?? this.origin;
    const complete = compareIds(after, floor) >= 0;
    const events = ring ? ring.events.filter((e) => compareIds(e.id, after) > 0) : [];
    return { events, complete, head };
  }

  private evictOldest() {
    let oldest: [string, number] | null = null;
    for (const [topic, r] of this.rings) if (!oldest || r.touched < oldest[1]) oldest = [topic, r.touched];
    if (oldest) this.rings.delete(oldest[0]);
  }
}
