/**
 * The live channel's wire (docs/live.md): one WebSocket at `GET /api/live`, JSON text frames,
 * every frame one of these messages, validated on both sides. Events are invalidation hints
 * (which thing changed, by id), never the thing itself: the page asks the HTTP API again, so a
 * socket can never show more than the API would.
 */
import { z } from 'zod';
import {
  LIVE_DATA_KEY_MAX,
  LIVE_DATA_TEXT_MAX,
  LIVE_EVENT_ID_PATTERN,
  LIVE_EVENT_KINDS,
  LIVE_STATES,
  LIVE_TOPIC_PATTERN,
} from './live-rules.ts';

/** Event ids: `<ms>-<seq>`, increasing within a topic (a Redis stream id, or the process's own). */
export const liveEventId = z.string().regex(LIVE_EVENT_ID_PATTERN);

export const liveTopic = z.string().regex(LIVE_TOPIC_PATTERN);
export type LiveTopic = z.infer<typeof liveTopic>;

export const liveEventKind = z.enum(LIVE_EVENT_KINDS);
export type LiveEventKind = z.infer<typeof liveEventKind>;

/** Ids and small facts only (which study, which application, which status). */
export const liveEventData = z.record(
  z.string().max(LIVE_DATA_KEY_MAX),
  z.union([z.string().max(LIVE_DATA_TEXT_MAX), z.number(), z.boolean(), z.null()]),
);

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
export const liveState = z.enum(LIVE_STATES);
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
