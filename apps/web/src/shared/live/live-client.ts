/**
 * The web's one live connection (docs/live.md): a WebSocket to /api/live opened while someone is
 * signed in, authenticated by its first message, with the topics the open pages watch. It
 * reconnects with back-off and resumes each topic from the last event id it saw; a topic the
 * server could not resume is reported as a `reset` (the page asks the API again). While it is
 * down or the server says `degraded`, `state()` is not `live` and pages fall back to polling.
 * Every frame is checked against the contract.
 */
import { type LiveEvent, LIVE_CLOSE, readLiveServerMessage } from '@moim/contract';
import { refreshSession, tokenExpiry } from '../api/client';
import { livePaths } from '../api/paths/live';
import { getAccessToken, getRefreshToken } from '../auth/token-store';

export type LiveConnectionState = 'off' | 'connecting' | 'live' | 'degraded';
/** an event, or `reset`: events may have been missed (reconnected without a resume), read again */
export type LiveSignal = { type: 'event'; event: LiveEvent } | { type: 'reset' };
type Listener = (signal: LiveSignal) => void;

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const TOKEN_CHECK_MS = 20_000;

export class LiveClient {
  private ws: WebSocket | null = null;
  private current: LiveConnectionState = 'off';
  private readonly topics = new Map<string, { listeners: Set<Listener>; last: string | null }>();
  private readonly stateListeners = new Set<() => void>();
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private tokenTimer: ReturnType<typeof setInterval> | null = null;
  private sentToken: string | null = null;
  private userId: string | null = null;

  constructor(private readonly url: () => string | null = defaultUrl) {}

  state(): LiveConnectionState {
    return this.current;
  }

  /** The signed-in user's id once the server said `ready` (null before). */
  me(): string | null {
    return this.userId;
  }

  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Watch a topic while the returned function is not called. */
  watch(topic: string, listener: Listener): () => void {
    let t = this.topics.get(topic);
    if (!t) {
      t = { listeners: new Set(), last: null };
      this.topics.set(topic, t);
      this.sendSubscribe(topic);
    }
    t.listeners.add(listener);
    this.ensureOpen();
    return () => {
      const entry = this.topics.get(topic);
      if (!entry) return;
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0) return;
      this.topics.delete(topic);
      this.sendRaw({ type: 'unsubscribe', topic });
    };
  }

  /** Open the socket if someone is signed in and it is not open (called on sign-in and by `watch`). */
  ensureOpen(): void {
    if (this.ws || this.retry || typeof WebSocket === 'undefined') return;
    const token = getAccessToken();
    const url = this.url();
    if (!token || !url) return;
    this.setState('connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.sentToken = token;
      ws.send(JSON.stringify({ type: 'auth', token }));
    };
    ws.onmessage = (e) => this.receive(typeof e.data === 'string' ? e.data : '');
    ws.onclose = (e) => this.closed(e.code);
  }

  /** Signed out: close and forget. */
  stop(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    for (const t of this.topics.values()) t.last = null;
    this.userId = null;
    this.setState('off');
  }

  private receive(text: string): void {
    let m;
    try {
      m = readLiveServerMessage(JSON.parse(text));
    } catch {
      return;
    }
    if (!m) return;
    switch (m.type) {
      case 'ready':
        this.attempt = 0;
        this.userId = m.userId;
        this.setState(m.state);
        for (const topic of this.topics.keys()) this.sendSubscribe(topic);
        this.watchToken();
        return;
      case 'status':
        // back from degraded: what other instances published meanwhile may be missing
        if (m.state === 'live' && this.current === 'degraded') this.resetAll();
        this.setState(m.state);
        return;
      case 'subscribed': {
        const t = this.topics.get(m.topic);
        if (!t) return;
        const hadCursor = t.last !== null;
        t.last = m.head;
        if (hadCursor && !m.resumed) for (const l of t.listeners) l({ type: 'reset' });
        return;
      }
      case 'event': {
        const t = this.topics.get(m.topic);
        if (!t) return;
        t.last = m.id;
        for (const l of t.listeners) l({ type: 'event', event: m });
        return;
      }
      case 'error': {
        // a topic refused, or taken away because access ended: the page reads the API again
        // (which answers as it now must) and the topic is not resumed from a cursor
        const t = m.topic ? this.topics.get(m.topic) : undefined;
        if (!t) return;
        t.last = null;
        for (const l of t.listeners) l({ type: 'reset' });
        return;
      }
      default:
        return;
    }
  }

  private closed(code: number): void {
    this.ws = null;
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    this.tokenTimer = null;
    if (this.current === 'off') return;
    this.setState('connecting');
    if (code === LIVE_CLOSE.unauthorized) {
      // signed out here: nothing to renew
      if (!getRefreshToken()) {
        this.setState('off');
        return;
      }
      // an expired token is renewed (a revoked session's refresh fails and signs out)
      void refreshSession().then((ok) => (ok ? this.schedule() : this.setState('off')));
      return;
    }
    if (code === LIVE_CLOSE.deactivated) {
      this.setState('off');
      return;
    }
    this.schedule();
  }

  private schedule(): void {
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt++;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.ensureOpen();
    }, delay);
  }

  /** Send the renewed access token before the one the socket opened with expires. */
  private watchToken(): void {
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    this.tokenTimer = setInterval(() => {
      const token = getAccessToken();
      if (token && token !== this.sentToken) {
        this.sentToken = token;
        this.sendRaw({ type: 'auth', token });
        return;
      }
      const exp = this.sentToken ? tokenExpiry(this.sentToken) : null;
      if (exp !== null && exp - 2 * TOKEN_CHECK_MS <= Date.now()) void refreshSession();
    }, TOKEN_CHECK_MS);
  }

  private sendSubscribe(topic: string): void {
    const t = this.topics.get(topic);
    if (!t || this.current === 'connecting' || this.current === 'off') return;
    this.sendRaw({ type: 'subscribe', topic, ...(t.last ? { after: t.last } : {}) });
  }

  private sendRaw(message: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private resetAll(): void {
    for (const t of this.topics.values()) for (const l of t.listeners) l({ type: 'reset' });
  }

  private setState(state: LiveConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const l of this.stateListeners) l();
  }
}

function defaultUrl(): string | null {
  if (typeof location === 'undefined') return null;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${livePaths.socket}`;
}

/** The page's one live client. */
export const liveClient = new LiveClient();
