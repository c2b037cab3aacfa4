/**
 * The live channel's wire (docs/live.md): one WebSocket at `GET /api/live`, JSON text frames,
 * every frame one of these messages, validated on both sides. Events are invalidation hints
 * (which thing changed, by id), never the thing itself: the page asks the HTTP API again, so a
 * socket can never show more than the API would.
 */
import { z } from 'zod';

/** Event ids: `<ms>-<seq>`, increasing within a topic (a Redis stream id, or the process's own). */
export const liveEventId = z.string().regex(/^\d{1,15}-\d{1,15}$/);

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;
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
export const liveTopic = z.string().regex(new RegExp(`^[a-z][a-z-]{1,39}:${uuid}$`));
export type LiveTopic = z.infer<typeof liveTopic>;

export const liveTopicOf = (kind: LiveTopicKind, id: string): LiveTopic => `${kind}:${id}`;

/** What changed. */
export const LIVE_EVENT_KINDS = [
  'notification.changed',
  'application.changed',
  'check-in.changed',
  'payment.changed',
  'deduction.changed',
] as const;
export const liveEventKind = z.enum(LIVE_EVENT_KINDS);
export type LiveEventKind = z.infer<typeof liveEventKind>;

/** Ids and small facts only (which study, which application, which status). */
export const liveEventData = z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));

// client → server
export const liveClientMessage = z.discriminatedUnion('type', [
  /** first message (and again to renew before the token expires): the access token */
  z.object({ type: z.literal('auth'), token: z.string().min(10).max(4096) }),
  /** `after`: the last event id this client saw on the topic (resume); absent: from now */
  z.object({ type: z.literal('subscribe'), topic: liveTopic, after: liveEventId.optional() }),
  z.object({ type: z.literal('unsubscribe'), topic: liveTopic }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** `live`: events flow; `degraded`: events from other instances may not arrive, poll instead. */
export const liveState = z.enum(['live', 'degraded']);
export type LiveState = z.infer<typeof liveState>;

export const liveEvent = z.object({
  type: z.literal('event'),
  topic: liveTopic,
  id: liveEventId,
  kind: liveEventKind,
  at: z.string(),
  data: liveEventData,
});
export type LiveEvent = z.infer<typeof liveEvent>;

// server → client
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string(), state: liveState, heartbeatMs: z.number().int() }),
  /**
   * `resumed`: every event after the client's `after` follows (true), or the server no longer
   * holds them all and the client must ask the API again (false). `head`: the topic's latest
   * event id when subscribed (the cursor to resume from if nothing arrives).
   */
  z.object({ type: z.literal('subscribed'), topic: liveTopic, resumed: z.boolean(), head: liveEventId.nullable() }),
  z.object({ type: z.literal('unsubscribed'), topic: liveTopic }),
  liveEvent,
  z.object({ type: z.literal('status'), state: liveState }),
  /** a refused message (the socket stays open unless a close follows): an error code of the catalogue */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), topic: liveTopic.optional() }),
  z.object({ type: z.literal('pong') }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

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
