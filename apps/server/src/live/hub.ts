/**
 * The live channel's hub (docs/live.md): who is connected, to which topics, and how an event
 * reaches them. Modules define their topic kinds with an authorizer (who may watch) and publish
 * events; the hub numbers and keeps them (event-log.ts, or Redis streams: redis-fanout.ts), fans
 * them out to every instance's sockets, closes a socket whose session ends (the session cache
 * tells it at every revocation, on any instance, and it checks again every `recheckMs`), and
 * tells clients whether events flow (`live`) or they must poll (`degraded`: Redis configured and
 * away).
 */
import { type LiveEvent, type LiveEventKind, LIVE_CLOSE, type LiveState, liveClientMessage } from '@moim/contract';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { type AccessTokens, type AuthUser, currentUser } from '../http/auth-guard.ts';
import type { SessionCache } from '../http/session-cache.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RedisProvider } from '../providers/redis/index.ts';
import { DEFAULT_LIVE_LIMITS, LiveConnection, type LiveLimits, type LiveSocket } from './connection.ts';
import { MemoryEventLog } from './event-log.ts';
import { RedisFanout, type SessionEnd } from './redis-fanout.ts';

/** May this user watch the topic `<kind>:<id>`? (false answers as if the topic did not exist) */
export type TopicAuthorizer = (user: AuthUser, id: string) => Promise<boolean>;
export type LiveEventData = LiveEvent['data'];

/** What modules use (ctx.live). */
export interface LivePublisher {
  /** A topic kind and who may subscribe to it (each kind is defined once, by its owning module). */
  defineTopic(kind: string, authorize: TopicAuthorizer): void;
  /** Publish now (the change is committed: an event handler, a job, a service after its transaction). */
  publish(topics: string | readonly string[], kind: LiveEventKind, data: LiveEventData): Promise<void>;
  /** Publish once `tx` commits (an outbox job in the live lane; nothing if it rolls back). */
  publishAfterCommit(tx: DbOrTx, topics: string | readonly string[], kind: LiveEventKind, data: LiveEventData): Promise<void>;
  /**
   * Who may watch the topics about these ids may have changed (a manager stepped down, a member
   * left, the study was deleted): every socket watching `<any kind>:<id>` is authorized again, on
   * every instance, and a refused one loses the topic (`error BIZ-3001` with the topic). Call
   * after the change committed.
   */
  recheckAccess(subjects: string | readonly string[]): Promise<void>;
  /** The same once `tx` commits (a job in the live lane). */
  recheckAccessAfterCommit(tx: DbOrTx, subjects: string | readonly string[]): Promise<void>;
}

/** The topic of a user's own events (notifications, payments): only they may subscribe. */
export const userTopic = (userId: string) => `user:${userId}`;

export const LIVE_PUBLISH_JOB = 'live.publish';
export const LIVE_RECHECK_JOB = 'live.recheck';
/** the live lane polls this often: an event published after a commit reaches sockets within it */
const LIVE_LANE_POLL_MS = 200;

export interface LiveStats {
  sent: number;
  dropped: { slow: number; dead: number; rate: number };
  /** topics taken from a socket whose access ended */
  revoked: number;
}

interface HubDeps {
  tokens: AccessTokens;
  sessions: SessionCache;
  redis: RedisProvider;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

export class LiveHub implements LivePublisher {
  readonly limits: LiveLimits = { ...DEFAULT_LIVE_LIMITS };
  readonly stats: LiveStats = { sent: 0, dropped: { slow: 0, dead: 0, rate: 0 }, revoked: 0 };
  private readonly connections = new Set<LiveConnection>();
  private readonly byTopic = new Map<string, Set<LiveConnection>>();
  private readonly authorizers = new Map<string, TopicAuthorizer>();
  private readonly memory = new MemoryEventLog();
  private readonly fanout: RedisFanout | null;
  private lastState: LiveState;
  private heartbeat: NodeJS.Timeout | null = null;
  private recheck: NodeJS.Timeout | null = null;
  private readonly detach: (() => void)[] = [];
  /** bumped at every access re-check (a subscribe whose authorizer overlapped one asks again) */
  private accessEpoch = 0;

  constructor(private readonly deps: HubDeps) {
    this.defineTopic('user', async (user, id) => user.id === id);
    deps.jobs.register(
      LIVE_PUBLISH_JOB,
      async (payload) => {
        const p = payload as { topics: string[]; kind: LiveEventKind; data: LiveEventData };
        await this.publish(p.topics, p.kind, p.data);
      },
      { lane: 'live', pollMs: LIVE_LANE_POLL_MS },
    );
    deps.jobs.register(
      LIVE_RECHECK_JOB,
      async (payload) => {
        await this.recheckAccess((payload as { subjects: string[] }).subjects);
      },
      { lane: 'live', pollMs: LIVE_LANE_POLL_MS },
    );
    this.fanout = deps.redis.configured
      ? new RedisFanout(deps.redis, {
          event: (e) => this.deliver(e),
          sessionEnded: (end) => this.recheckMatching(end),
          accessChanged: (subjects) => this.recheckSubjects(subjects),
          health: () => this.announceState(),
        })
      : null;
    this.lastState = this.state();
    this.detach.push(deps.sessions.onEnded((end) => this.sessionsEnded(end)));
    this.detach.push(deps.redis.onChange(() => this.announceState()));
  }

  /** Start the timers and the Redis subscriber (the app does this when it is built). */
  start(): void {
    this.fanout?.start();
    this.restartTimers();
  }

  /** Apply changed `limits` to the timers (tests tune them through live/test-kit.ts). */
  restartTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.recheck) clearInterval(this.recheck);
    this.heartbeat = setInterval(() => this.beat(), this.limits.heartbeatMs);
    this.heartbeat.unref();
    this.recheck = setInterval(() => {
      for (const c of this.connections) void this.check(c);
    }, this.limits.recheckMs);
    this.recheck.unref();
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.recheck) clearInterval(this.recheck);
    for (const d of this.detach.splice(0)) d();
    for (const c of this.connections) c.close(LIVE_CLOSE.goingAway, 'server closing');
    await this.fanout?.close();
  }

  /** Open sockets on this instance. */
  get sockets(): number {
    return this.connections.size;
  }

  state(): LiveState {
    return this.deps.redis.configured && !this.fanout?.healthy() ? 'degraded' : 'live';
  }

  defineTopic(kind: string, authorize: TopicAuthorizer): void {
    if (this.authorizers.has(kind)) throw new Error(`live topic kind ${kind} defined twice`);
    this.authorizers.set(kind, authorize);
  }

  async publish(topics: string | readonly string[], kind: LiveEventKind, data: LiveEventData): Promise<void> {
    const at = new Date().toISOString();
    for (const topic of typeof topics === 'string' ? [topics] : topics) {
      // through Redis, every instance (this one included) delivers it from the channel
      if (this.fanout && (await this.fanout.publish(topic, { kind, at, data }))) continue;
      this.deliver({ type: 'event', topic, id: this.memory.nextId(), kind, at, data });
    }
  }

  async publishAfterCommit(tx: DbOrTx, topics: string | readonly string[], kind: LiveEventKind, data: LiveEventData): Promise<void> {
    const list = typeof topics === 'string' ? [topics] : [...topics];
    if (list.length === 0) return;
    await this.deps.jobs.enqueue(LIVE_PUBLISH_JOB, { topics: list, kind, data }, { maxAttempts: 3 }, tx);
  }

  async recheckAccess(subjects: string | readonly string[]): Promise<void> {
    const list = typeof subjects === 'string' ? [subjects] : [...subjects];
    if (list.length === 0) return;
    this.recheckSubjects(list);
    await this.fanout?.accessChanged(list);
  }

  async recheckAccessAfterCommit(tx: DbOrTx, subjects: string | readonly string[]): Promise<void> {
    const list = typeof subjects === 'string' ? [subjects] : [...subjects];
    if (list.length === 0) return;
    await this.deps.jobs.enqueue(LIVE_RECHECK_JOB, { subjects: list }, { maxAttempts: 3 }, tx);
  }

  /** A new socket (its first message must be `auth`). */
  attach(socket: LiveSocket, locale: 'ko' | 'en'): { message(raw: string): void; pong(): void; closed(): void } {
    const conn = new LiveConnection(
      socket,
      locale,
      this.limits,
      () => this.stats.sent++,
      (reason) => this.stats.dropped[reason]++,
    );
    this.connections.add(conn);
    const authTimer = setTimeout(() => {
      if (!conn.user) this.refuse(conn, new AppError('AUTH-1007'), LIVE_CLOSE.unauthorized);
    }, this.limits.authTimeoutMs);
    authTimer.unref();
    // one message at a time, in order (a subscribe right after auth waits for the token check)
    let chain = Promise.resolve();
    return {
      message: (raw) => {
        if (conn.closed) return;
        if (!conn.take()) {
          this.sendError(conn, new AppError('BIZ-3004'));
          conn.drop('rate');
          return;
        }
        chain = chain.then(() => this.handle(conn, raw)).catch((err) => this.deps.log.warn({ err }, 'live: message failed'));
      },
      pong: () => {
        conn.alive = true;
      },
      closed: () => {
        clearTimeout(authTimer);
        conn.closed = true;
        this.connections.delete(conn);
        for (const topic of conn.topics.keys()) this.leave(conn, topic);
      },
    };
  }

  private async handle(conn: LiveConnection, raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = liveClientMessage.safeParse(json);
    if (!parsed.success) {
      this.sendError(conn, new AppError('VAL-2001'));
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'auth') return this.authenticate(conn, msg.token);
    if (!conn.user) return this.refuse(conn, new AppError('AUTH-1007'), LIVE_CLOSE.unauthorized);
    conn.alive = true;
    switch (msg.type) {
      case 'ping':
        conn.send({ type: 'pong' });
        return;
      case 'subscribe':
        return this.subscribe(conn, msg.topic, msg.after);
      case 'unsubscribe':
        this.leave(conn, msg.topic);
        conn.send({ type: 'unsubscribed', topic: msg.topic });
        return;
    }
  }

  private async authenticate(conn: LiveConnection, token: string): Promise<void> {
    let user: AuthUser;
    try {
      user = await currentUser(this.deps.sessions, await this.deps.tokens.verify(token));
    } catch (err) {
      if (err instanceof AppError) return this.refuse(conn, err, closeCodeFor(err));
      throw err;
    }
    // a renewal must be the same person (a socket never changes hands)
    if (conn.user && conn.user.id !== user.id) return this.refuse(conn, new AppError('AUTH-1003'), LIVE_CLOSE.unauthorized);
    const first = !conn.user;
    conn.user = user;
    const exp = decodeJwt(token).exp;
    conn.tokenExpiresAt = typeof exp === 'number' ? exp * 1000 : 0;
    if (first) conn.send({ type: 'ready', userId: user.id, state: this.state(), heartbeatMs: this.limits.heartbeatMs });
  }

  private async subscribe(conn: LiveConnection, topic: string, after: string | undefined): Promise<void> {
    const user = conn.user!;
    if (!conn.topics.has(topic) && conn.topics.size >= this.limits.maxTopicsPerSocket) {
      this.sendError(conn, new AppError('BIZ-3003'), topic);
      return;
    }
    const epoch = this.accessEpoch;
    if (!(await this.authorized(user, topic))) {
      // not yours, or no such thing: the same answer (docs/api-wire.md)
      this.sendError(conn, new AppError('BIZ-3001'), topic);
      return;
    }
    if (conn.closed) return;
    this.leave(conn, topic);
    conn.open(topic);
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(conn);
    // access changed while the authorizer read (before this socket was listed): ask again
    if (epoch !== this.accessEpoch && !(await this.reauthorize(conn, topic))) return;
    const backlog = (this.fanout?.healthy() ? await this.fanout.backlog(topic, after) : null) ?? this.memory.backlog(topic, after);
    const last = backlog.events.at(-1)?.id ?? (after && backlog.complete ? after : backlog.head);
    conn.send({ type: 'subscribed', topic, resumed: after !== undefined && backlog.complete, head: last ?? null });
    for (const e of backlog.events) conn.send(e);
    conn.flush(topic, last ?? null);
  }

  private async authorized(user: AuthUser, topic: string): Promise<boolean> {
    const colon = topic.indexOf(':');
    const authorize = this.authorizers.get(topic.slice(0, colon));
    return Boolean(authorize && (await authorize(user, topic.slice(colon + 1))));
  }

  /** Ask a topic's authorizer again; a refused socket loses the topic (false). */
  private async reauthorize(conn: LiveConnection, topic: string): Promise<boolean> {
    const user = conn.user;
    const sub = conn.topics.get(topic);
    if (!user || !sub || conn.closed) return true;
    let ok: boolean;
    try {
      ok = await this.authorized(user, topic);
    } catch (err) {
      // a database that does not answer is not a refusal: the next check decides
      this.deps.log.warn({ err, topic }, 'live: topic re-check failed');
      return true;
    }
    if (conn.closed || conn.topics.get(topic) !== sub) return true;
    if (ok) {
      sub.checkedAt = Date.now();
      return true;
    }
    this.leave(conn, topic);
    this.stats.revoked++;
    this.sendError(conn, new AppError('BIZ-3001'), topic);
    return false;
  }

  /** Access to the topics about these ids may have changed: every socket watching one here is asked again. */
  private recheckSubjects(subjects: readonly string[]): void {
    this.accessEpoch++;
    const ids = new Set(subjects);
    for (const [topic, set] of this.byTopic) {
      if (!ids.has(topic.slice(topic.indexOf(':') + 1))) continue;
      for (const conn of [...set]) void this.reauthorize(conn, topic);
    }
  }

  private leave(conn: LiveConnection, topic: string): void {
    conn.topics.delete(topic);
    const set = this.byTopic.get(topic);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byTopic.delete(topic);
  }

  private deliver(event: LiveEvent): void {
    this.memory.keep(event);
    const set = this.byTopic.get(event.topic);
    if (!set) return;
    for (const conn of set) conn.offer(event);
  }

  /** The session cache ended sessions (or changed an account) here: check the sockets here and elsewhere. */
  private sessionsEnded(end: SessionEnd): void {
    this.recheckMatching(end);
    void this.fanout?.sessionEnded(end);
  }

  private recheckMatching(end: SessionEnd): void {
    for (const c of this.connections) {
      const u = c.user;
      if (!u) continue;
      if (end.userId === u.id || (u.family && end.sessionIds?.includes(u.family))) void this.check(c, true);
    }
  }

  /**
   * The session check of every request, again: ended sessions and expired tokens close the
   * socket. Then each topic is authorized again if `allTopics` (the account changed) or its last
   * check is older than `topicRecheckMs` (a change no module announced).
   */
  private async check(conn: LiveConnection, allTopics = false): Promise<void> {
    const u = conn.user;
    if (!u || conn.closed) return;
    if (conn.tokenExpiresAt && conn.tokenExpiresAt <= Date.now()) {
      this.refuse(conn, new AppError('AUTH-1002'), LIVE_CLOSE.unauthorized);
      return;
    }
    try {
      conn.user = await currentUser(this.deps.sessions, u);
    } catch (err) {
      // a database that does not answer is not a revocation: the next check decides
      if (err instanceof AppError) this.refuse(conn, err, closeCodeFor(err));
      return;
    }
    const stale = Date.now() - this.limits.topicRecheckMs;
    for (const [topic, sub] of [...conn.topics]) {
      if (allTopics || sub.checkedAt <= stale) await this.reauthorize(conn, topic);
    }
  }

  private beat(): void {
    for (const c of this.connections) {
      if (!c.alive) {
        c.drop('dead');
        continue;
      }
      c.alive = false;
      try {
        c.socket.ping();
      } catch {
        c.drop('dead');
      }
    }
  }

  private announceState(): void {
    const state = this.state();
    if (state === this.lastState) return;
    this.lastState = state;
    this.deps.log.warn({ state }, 'live: channel state changed');
    for (const c of this.connections) if (c.user) c.send({ type: 'status', state });
  }

  private sendError(conn: LiveConnection, err: AppError, topic?: string): void {
    conn.send({ type: 'error', code: err.code, message: err.render(conn.locale), ...(topic ? { topic } : {}) });
  }

  private refuse(conn: LiveConnection, err: AppError, code: number): void {
    this.sendError(conn, err);
    conn.close(code, err.code);
  }
}

function closeCodeFor(err: AppError): number {
  return err.code === 'AUTH-1006' ? LIVE_CLOSE.deactivated : LIVE_CLOSE.unauthorized;
}
