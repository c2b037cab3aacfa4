/**
 * A push service for tests (RFC 8030), run on a local port: it accepts POSTs at
 * `/push/<name>`, checks the VAPID authorisation (RFC 8292: an ES256 JWT whose `aud` is this
 * origin, signed by the key in `k=`), and decrypts the aes128gcm body (RFC 8188 framing, RFC 8291
 * keys) with the private key of the browser it plays. A device can be told to answer 410 Gone.
 *
 * The browser's side is made here too: `device(name)` is a P-256 key pair and 16-byte auth
 * secret (node:crypto ECDH), whose public half is the subscription a browser would send.
 */
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestDevice {
  name: string;
  endpoint: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
  /** the status the endpoint answers for this device (201 unless changed) */
  status: number;
}

export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  /** the decrypted payload */
  text: string;
  /** the VAPID JWT's claims */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: decrypt an aes128gcm message for the user agent `ecdh` with `auth`. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  // header: salt (16) | rs (uint32) | idlen (1) | keyid (idlen) = the sender's ephemeral public key
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid of ${idlen} bytes, expected an uncompressed P-256 point`);
  if (records.length > rs) throw new Error('more than one record: not expected for a push message');

  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, "WebPush: info" 0x00 ua_public as_public 0x01)
  const prkKey = hmac(auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  // RFC 8188: PRK = HMAC(salt, IKM); CEK and NONCE expanded from it
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);

  const tag = records.subarray(records.length - 16);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(tag);
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero or more 0x00 of padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter (0x02)');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`: the JWT's ES256 signature checked with k. */
function checkVapid(header: string | undefined): { claims: ReceivedPush['claims']; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, key] = [m[1]!, m[2]!];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(h, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as ReceivedPush['claims'], key };
}

export interface PushEndpoint {
  origin: string;
  received: ReceivedPush[];
  /** requests that failed a check (bad VAPID, undecryptable): a correct server sends none */
  rejected: string[];
  device(name: string): TestDevice;
  close(): Promise<void>;
}

/** `port`: 0 (any free one) unless the server under test was told which to allow (WEB_PUSH_PRIVATE_SERVICES). */
export async function startPushEndpoint(port = 0): Promise<PushEndpoint> {
  const devices = new Map<string, TestDevice>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const d = name ? devices.get(name) : undefined;
      if (req.method !== 'POST' || !d) {
        res.writeHead(404).end();
        return;
      }
      if (d.status !== 201) {
        res.writeHead(d.status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        if (!req.headers.ttl) throw new Error('no TTL header');
        const { claims, key } = checkVapid(req.headers.authorization);
        if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}, expected ${origin}`);
        const text = decryptAes128gcm(Buffer.concat(chunks), d.ecdh, d.auth).toString('utf8');
        received.push({ device: d.name, headers: req.headers, text, claims, vapidKey: key });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        rejected.push(`${d.name}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${name}`;
      const d: TestDevice = {
        name,
        endpoint,
        ecdh,
        auth,
        status: 201,
        subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      };
      devices.set(name, d);
      return d;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
