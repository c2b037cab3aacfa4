/**
 * The live channel's constants and the web's reader of server messages, without zod: every page
 * that listens for live events loads this, and zod belongs to the form routes' shared chunk
 * (docs/web-performance.md "Zod only where a form is"). `readLiveServerMessage` accepts exactly what
 * `liveServerMessage` (./live.ts) accepts; live-rules.test.ts holds the two to each other.
 */
import type { LiveServerMessage } from './live.ts';

/**
 * A topic: `<kind>:<uuid>`. Kinds today: `user` (a person's own inbox and payments),
 * `study-applicants`, `study-check-ins`, `project-applications`, `deduction-room` (what every
 * player and spectator of a room may know) and `deduction-seat` (one seat's own view).
 */
export const LIVE_TOPIC_KINDS = [
  'user',
  'study-applicants',
  'study-check-ins',
  'project-applications',
  'deduction-room',
  'deduction-seat',
] as const;
export type LiveTopicKind = (typeof LIVE_TOPIC_KINDS)[number];

export const liveTopicOf = (kind: LiveTopicKind, id: string): string => `${kind}:${id}`;

/** What changed. */
export const LIVE_EVENT_KINDS = [
  'notification.changed',
  'application.changed',
  'check-in.changed',
  'payment.changed',
  'deduction.changed',
] as const;

export const LIVE_STATES = ['live', 'degraded'] as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;
export const LIVE_TOPIC_PATTERN = new RegExp(`^[a-z][a-z-]{1,39}:${UUID}$`);
/** Event ids: `<ms>-<seq>`, increasing within a topic (a Redis stream id, or the process's own). */
export const LIVE_EVENT_ID_PATTERN = /^\d{1,15}-\d{1,15}$/;
export const LIVE_DATA_KEY_MAX = 64;
export const LIVE_DATA_TEXT_MAX = 200;

/**
 * Close codes the server uses (the web reconnects after all but the auth ones, which wait for a
 * new token). A client that reads too slowly is cut without a closing frame (1006): its queue is full.
 */
export const LIVE_CLOSE = {
  /** no, a bad or an expired token; a logged-out or revoked session */
  unauthorized: 4401,
  /** the account was deactivated */
  deactivated: 4403,
  /** too many messages from the client */
  rateLimited: 4429,
  /** the server is shutting down (reconnect elsewhere) */
  goingAway: 1001,
  /** no pong to the server's pings */
  dead: 4000,
} as const;

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTopic = (v: unknown): v is string => typeof v === 'string' && LIVE_TOPIC_PATTERN.test(v);
const isEventId = (v: unknown): v is string => typeof v === 'string' && LIVE_EVENT_ID_PATTERN.test(v);
const isState = (v: unknown): v is (typeof LIVE_STATES)[number] => (LIVE_STATES as readonly unknown[]).includes(v);
const isData = (v: unknown): v is Record<string, string | number | boolean | null> =>
  isObject(v) &&
  Object.entries(v).every(
    ([k, x]) =>
      k.length <= LIVE_DATA_KEY_MAX &&
      (x === null ||
        typeof x === 'boolean' ||
        (typeof x === 'number' && Number.isFinite(x)) ||
        (typeof x === 'string' && x.length <= LIVE_DATA_TEXT_MAX)),
  );

/** A server message as the web reads it (the fields the schema knows; unknown ones dropped), or null. */
export function readLiveServerMessage(value: unknown): LiveServerMessage | null {
  if (!isObject(value)) return null;
  const m = value;
  switch (m.type) {
    case 'ready':
      return typeof m.userId === 'string' && isState(m.state) && Number.isSafeInteger(m.heartbeatMs)
        ? { type: 'ready', userId: m.userId, state: m.state, heartbeatMs: m.heartbeatMs as number }
        : null;
    case 'subscribed':
      return isTopic(m.topic) && typeof m.resumed === 'boolean' && (m.head === null || isEventId(m.head))
        ? { type: 'subscribed', topic: m.topic, resumed: m.resumed, head: m.head }
        : null;
    case 'unsubscribed':
      return isTopic(m.topic) ? { type: 'unsubscribed', topic: m.topic } : null;
    case 'event':
      return isTopic(m.topic) &&
        isEventId(m.id) &&
        (LIVE_EVENT_KINDS as readonly unknown[]).includes(m.kind) &&
        typeof m.at === 'string' &&
        isData(m.data)
        ? { type: 'event', topic: m.topic, id: m.id, kind: m.kind as (typeof LIVE_EVENT_KINDS)[number], at: m.at, data: { ...m.data } }
        : null;
    case 'status':
      return isState(m.state) ? { type: 'status', state: m.state } : null;
    case 'error':
      if (typeof m.code !== 'string' || typeof m.message !== 'string') return null;
      if (m.topic === undefined) return { type: 'error', code: m.code, message: m.message };
      return isTopic(m.topic) ? { type: 'error', code: m.code, message: m.message, topic: m.topic } : null;
    case 'pong':
      return { type: 'pong' };
    default:
      return null;
  }
}
