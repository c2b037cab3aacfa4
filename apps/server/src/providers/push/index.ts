/**
 * Web push behind one interface (docs/reminders.md). The adapter is the standard protocol itself:
 * `web-push` encrypts the payload to the browser's keys (RFC 8291, aes128gcm) and signs a VAPID
 * token (RFC 8292); the message is POSTed (RFC 8030) to whatever endpoint the browser's push
 * service gave, through the SSRF-safe fetcher (the endpoint is a user-given URL). There is no
 * separate local provider: the keys are generated locally, so the real protocol works out of the
 * box and a test runs a push service of its own (test/push-endpoint.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import { type AddressPolicy, type SafeFetcher, createSafeFetcher, publicInternetPolicy } from '../fetch/index.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSendOptions {
  /** seconds the push service may hold the message for an offline device */
  ttlSeconds: number;
  /** a later message with the same topic replaces an undelivered one (RFC 8030 §5.4) */
  topic?: string | undefined;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** 'gone': the push service answered 404 or 410, the subscription has expired (drop it). */
export type PushOutcome = 'sent' | 'gone';

export interface PushProvider {
  /** the VAPID public key browsers subscribe with (base64url) */
  readonly publicKey: string;
  /** Send one message; throws on any other failure (the job queue retries). */
  send(target: PushTarget, payload: string, opts: PushSendOptions): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured pair, else the one kept in DATA_DIR (generated on first start; fresh per test run). */
export function vapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'dataDir' | 'isTest'>): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  if (config.isTest) return webpush.generateVAPIDKeys();
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** VAPID_SUBJECT, else `mailto:` and MAIL_FROM's address. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

export class WebPushProvider implements PushProvider {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly fetcher: SafeFetcher,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(target: PushTarget, payload: string, opts: PushSendOptions): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
      TTL: opts.ttlSeconds,
      contentEncoding: 'aes128gcm',
      // a Topic header is at most 32 base64url characters: a digest of the caller's topic
      ...(opts.topic ? { topic: createHash('sha256').update(opts.topic).digest('base64url').slice(0, 32) } : {}),
      ...(opts.urgency ? { urgency: opts.urgency } : {}),
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const res = await this.fetcher.post(request.endpoint, { body: Buffer.from(request.body ?? Buffer.alloc(0)), headers });
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status < 200 || res.status > 299) throw new Error(`the push service answered ${res.status}: ${res.text.slice(0, 200)}`);
    return 'sent';
  }
}

/**
 * `WEB_PUSH_PRIVATE_SERVICES` as an address policy: the public internet on the usual ports, and
 * besides it exactly the listed address and port pairs (every address the endpoint's host
 * resolves to must be allowed, as for any safe fetch).
 */
export function pushServicePolicy(list: string | undefined): AddressPolicy | null {
  const pairs = (list ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(x);
      return m ? { address: m[1]!, port: Number(m[2]) } : null;
    })
    .filter((x): x is { address: string; port: number } => x !== null);
  if (pairs.length === 0) return null;
  const addresses = new Set(pairs.map((p) => p.address));
  const ports = new Set(pairs.map((p) => p.port));
  return {
    allowAddress: (address) => publicInternetPolicy.allowAddress(address) || addresses.has(address),
    allowPort: (port, protocol) => publicInternetPolicy.allowPort(port, protocol) || ports.has(port),
  };
}

export function createPushProvider(config: Config, fetcher: SafeFetcher): PushProvider {
  const policy = pushServicePolicy(config.WEB_PUSH_PRIVATE_SERVICES);
  return new WebPushProvider(vapidKeys(config), vapidSubject(config), policy ? createSafeFetcher({ policy }) : fetcher);
}
