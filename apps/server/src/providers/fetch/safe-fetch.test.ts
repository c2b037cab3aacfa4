/**
 * The SSRF-safe fetcher against a real HTTP server on 127.0.0.1 (reached through a test policy
 * that allows exactly that address) and against addresses the production policy must refuse
 * without ever connecting.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, type Server as NetServer, createServer as createNetServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_TYPES, FetchError, type AddressPolicy, createSafeFetcher, isPublicAddress } from './index.ts';

/** 한글 in EUC-KR */
const EUC_KR_HANGUL = Buffer.from([0xc7, 0xd1, 0xb1, 0xdb]);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes: Record<string, Handler> = {};
const seen: string[] = [];
let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const h = routes[(req.url ?? '').split('?')[0]!];
    if (h) h(req, res);
    else res.writeHead(404).end('nope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Allows exactly 127.0.0.1 on any port: what a test needs, nothing more. */
const onlyLocalServer: AddressPolicy = { allowAddress: (a) => a === '127.0.0.1', allowPort: () => true };
const local = createSafeFetcher({ policy: onlyLocalServer });
const production = createSafeFetcher();

const html =
  (body: string, type = 'text/html; charset=utf-8'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(body);
  };

async function refusal(p: Promise<unknown>): Promise<FetchError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError);
    return err as FetchError;
  }
  throw new Error('expected the fetch to be refused');
}

describe('address classification', () => {
  it('allows only public unicast addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '211.249.220.24']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.0.170',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001::1',
      'ff02::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  // 127.0.0.1, 10.0.0.1 and 169.254.169.254 inside every IPv6 form that carries an IPv4 address,
  // in compressed, full and mixed (dotted) notation: judged by the IPv4 address they carry.
  it.each([
    [
      'IPv4-compatible ::/96',
      ['::127.0.0.1', '::7f00:1', '0:0:0:0:0:0:7f00:1', '0000:0000:0000:0000:0000:0000:127.0.0.1', '::a00:1', '::169.254.169.254'],
    ],
    [
      'IPv4-mapped ::ffff:0:0/96',
      ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '0000:0000:0000:0000:0000:FFFF:10.0.0.1', '::ffff:a9fe:a9fe'],
    ],
    ['IPv4-translated ::ffff:0:0:0/96', ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '0:0:0:0:ffff:0:a00:1']],
    [
      'NAT64 64:ff9b::/96',
      ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b:0:0:0:0:7f00:1', '0064:ff9b:0000:0000:0000:0000:a9fe:a9fe', '64:ff9b::10.0.0.1'],
    ],
    // local use: where the IPv4 address sits depends on the operator's prefix length, so the whole /48 is refused
    ['NAT64 local use 64:ff9b:1::/48', ['64:ff9b:1::127.0.0.1', '64:ff9b:1::808:808', '64:ff9b:1:0:0:0:8.8.8.8', '64:ff9b:1:ffff::1']],
    ['6to4 2002::/16', ['2002:7f00:1::', '2002:7f00:0001:0000:0000:0000:0000:0001', '2002:a00:1::1', '2002:a9fe:a9fe::8.8.8.8']],
    // Teredo: server 65.54.227.120 (public) with client 127.0.0.1 (inverted: 80ff:fffe), or a private server
    [
      'Teredo 2001::/32',
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0000:4136:e378:8000:63bf:128.255.255.254', '2001:0:a00:1::f7f7:f7f7', '2001::1'],
    ],
  ])('refuses %s carrying a refused IPv4 address', (_form, addresses) => {
    for (const a of addresses) {
      expect(isPublicAddress(a), a).toBe(false);
      expect(isPublicAddress(`[${a}]`), a).toBe(false);
      // the URL parser's own form of it (what the fetcher checks)
      expect(isPublicAddress(new URL(`http://[${a}]/`).hostname), a).toBe(false);
    }
  });

  it('allows an IPv6 form whose embedded IPv4 address is public (NAT64 of a public site)', () => {
    for (const a of [
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '64:ff9b::808:808',
      '0064:ff9b:0000:0000:0000:0000:0808:0808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
    ]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe('the production policy refuses without connecting', () => {
  it.each([
    ['http://127.0.0.1/', 'BLOCKED_ADDRESS'],
    ['http://127.0.0.1:8080/admin', 'BLOCKED_ADDRESS'],
    ['http://10.0.0.7/', 'BLOCKED_ADDRESS'],
    ['http://192.168.1.1/', 'BLOCKED_ADDRESS'],
    ['http://169.254.169.254/latest/meta-data/', 'BLOCKED_ADDRESS'],
    ['http://100.64.0.1/', 'BLOCKED_ADDRESS'],
    ['http://0.0.0.0/', 'BLOCKED_ADDRESS'],
    ['http://2130706433/', 'BLOCKED_ADDRESS'], // 127.0.0.1 as one number
    ['http://0x7f.1/', 'BLOCKED_ADDRESS'],
    ['http://[::1]/', 'BLOCKED_ADDRESS'],
    ['http://[::ffff:127.0.0.1]/', 'BLOCKED_ADDRESS'],
    ['http://[::ffff:a9fe:a9fe]/', 'BLOCKED_ADDRESS'], // 169.254.169.254, IPv4-mapped
    ['http://[fe80::1]/', 'BLOCKED_ADDRESS'],
    ['http://localhost/', 'BLOCKED_ADDRESS'], // resolves to loopback
    ['http://example.com:22/', 'BLOCKED_PORT'],
    ['http://example.com:6379/', 'BLOCKED_PORT'],
    ['file:///etc/passwd', 'BAD_SCHEME'],
    ['ftp://example.com/x', 'BAD_SCHEME'],
    ['gopher://example.com/', 'BAD_SCHEME'],
    ['data:text/html,hi', 'BAD_SCHEME'],
    ['http://user:secret@example.com/', 'BAD_URL'],
    ['not a url', 'BAD_URL'],
    [`http://example.com/${'a'.repeat(3000)}`, 'BAD_URL'],
  ])('%s → %s', async (url, code) => {
    const err = await refusal(production.fetch(url));
    expect(err.code).toBe(code);
  });

  it('checks the address the socket dials: a host name resolving to a private address is refused', async () => {
    const calls: string[] = [];
    const rebinding = createSafeFetcher({
      resolver: async (host) => {
        calls.push(host);
        return host === 'mixed.example'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '10.0.0.1', family: 4 },
            ]
          : [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect((await refusal(rebinding.fetch('http://rebind.example/'))).code).toBe('BLOCKED_ADDRESS');
    expect((await refusal(rebinding.fetch('http://mixed.example/'))).code).toBe('BLOCKED_ADDRESS');
    // The lookup ran inside the connect (once per connection), not as a separate pre-check.
    expect(calls).toEqual(['rebind.example', 'mixed.example']);
  });
});

describe('IPv6 forms of a local address, through the fetcher', () => {
  let listener: NetServer;
  let listenerPort: number;
  let connections = 0;
  beforeAll(async () => {
    listener = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    listenerPort = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => listener.close(() => r())));

  // the production address rule on any port (so the listener's port is not what refuses)
  const addressesOnly = createSafeFetcher({ policy: { allowAddress: isPublicAddress, allowPort: () => true } });

  it('refuses them before any connection is made', async () => {
    const forms = [
      '::127.0.0.1',
      '0:0:0:0:0:0:7f00:1',
      '::ffff:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::127.0.0.1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
    ];
    for (const form of forms) {
      const err = await refusal(addressesOnly.fetch(`http://[${form}]:${listenerPort}/`, { timeoutMs: 2_000 }));
      expect(err.code, form).toBe('BLOCKED_ADDRESS');
    }
    // …and a host name that resolves to one of them
    const named = createSafeFetcher({
      policy: { allowAddress: isPublicAddress, allowPort: () => true },
      resolver: async () => [{ address: '::7f00:1', family: 6 }],
    });
    expect((await refusal(named.fetch(`http://compat.example:${listenerPort}/`, { timeoutMs: 2_000 }))).code).toBe('BLOCKED_ADDRESS');
    expect(connections).toBe(0);
  });
});

describe('fetching from an allowed server', () => {
  it('dials exactly the address its lookup approved', async () => {
    routes['/hello'] = html('<p>hello</p>');
    const named = createSafeFetcher({
      policy: onlyLocalServer,
      resolver: async (host) => [{ address: host === 'blog.test' ? '127.0.0.1' : '127.0.0.2', family: 4 }],
    });
    const ok = await named.fetch(`http://blog.test:${port}/hello`);
    expect(ok.text).toBe('<p>hello</p>');
    const before = seen.length;
    expect((await refusal(named.fetch(`http://other.test:${port}/hello`))).code).toBe('BLOCKED_ADDRESS');
    expect(seen.length).toBe(before);
  });

  it('decodes UTF-8, EUC-KR from the header or a meta tag, and gzip bodies', async () => {
    routes['/utf8'] = html('<p>안녕하세요</p>');
    routes['/euckr-header'] = (_q, s) =>
      s
        .writeHead(200, { 'content-type': 'text/html; charset=EUC-KR' })
        .end(Buffer.concat([Buffer.from('<p>'), EUC_KR_HANGUL, Buffer.from('</p>')]));
    routes['/euckr-meta'] = (_q, s) =>
      s
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          Buffer.concat([Buffer.from('<html><head><meta charset="euc-kr"></head><body>'), EUC_KR_HANGUL, Buffer.from('</body></html>')]),
        );
    routes['/ks'] = (_q, s) => s.writeHead(200, { 'content-type': 'text/html; charset=ks_c_5601-1987' }).end(EUC_KR_HANGUL);
    routes['/gzip'] = (_q, s) =>
      s.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }).end(gzipSync('<p>압축된 글</p>'));
    expect((await local.fetch(`${base}/utf8`)).text).toBe('<p>안녕하세요</p>');
    const h = await local.fetch(`${base}/euckr-header`);
    expect(h.text).toBe('<p>한글</p>');
    expect(h.charset).toBe('euc-kr');
    expect((await local.fetch(`${base}/euckr-meta`)).text).toContain('<body>한글</body>');
    expect((await local.fetch(`${base}/ks`)).text).toBe('한글');
    expect((await local.fetch(`${base}/gzip`)).text).toBe('<p>압축된 글</p>');
  });

  it('follows up to five redirects, re-checking every hop', async () => {
    for (let i = 0; i < 7; i++) routes[`/r${i}`] = (_q, s) => s.writeHead(302, { location: `/r${i + 1}` }).end();
    routes['/r7'] = html('<p>end</p>');
    routes['/r-five'] = (_q, s) => s.writeHead(301, { location: '/r3' }).end(); // r3 → r4 → … → r7: 5 redirects
    const five = await local.fetch(`${base}/r-five`);
    expect(five.text).toBe('<p>end</p>');
    expect(five.redirects).toHaveLength(5);
    expect(five.url).toBe(`${base}/r7`);
    expect((await refusal(local.fetch(`${base}/r0`))).code).toBe('TOO_MANY_REDIRECTS');

    routes['/to-private'] = (_q, s) => s.writeHead(302, { location: `http://127.0.0.2:${port}/secret` }).end();
    routes['/to-metadata'] = (_q, s) => s.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    routes['/to-file'] = (_q, s) => s.writeHead(302, { location: 'file:///etc/passwd' }).end();
    routes['/secret'] = html('<p>internal</p>');
    expect((await refusal(local.fetch(`${base}/to-private`))).code).toBe('BLOCKED_ADDRESS');
    expect((await refusal(local.fetch(`${base}/to-metadata`))).code).toBe('BLOCKED_ADDRESS');
    expect((await refusal(local.fetch(`${base}/to-file`))).code).toBe('BAD_SCHEME');
    expect(seen).not.toContain('/secret');
  });

  it('drops caller headers when a redirect leaves the origin', async () => {
    let got: string | undefined = 'unset';
    routes['/hop'] = (_q, s) => s.writeHead(302, { location: `http://localhost:${port}/landing` }).end();
    routes['/landing'] = (q, s) => {
      got = q.headers['x-token'] as string | undefined;
      html('<p>x</p>')(q, s);
    };
    const f = createSafeFetcher({ policy: onlyLocalServer, resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    await f.fetch(`${base}/hop`, { headers: { 'x-token': 'secret' } });
    expect(got).toBeUndefined();
  });

  it('gives up after the deadline', async () => {
    // the simulated sites' behaviour, not the test waiting: one starts its page and ends it only
    // long after the fetch's deadline, the other never answers
    const FETCH_TIMEOUT_MS = 300;
    const SLOW_SITE_ENDS_AFTER_MS = 2_000;
    routes['/slow'] = (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html' });
      s.write('<p>');
      setTimeout(() => s.end('</p>'), SLOW_SITE_ENDS_AFTER_MS).unref();
    };
    routes['/silent'] = () => undefined;
    expect((await refusal(local.fetch(`${base}/slow`, { timeoutMs: FETCH_TIMEOUT_MS }))).code).toBe('TIMEOUT');
    expect((await refusal(local.fetch(`${base}/silent`, { timeoutMs: FETCH_TIMEOUT_MS }))).code).toBe('TIMEOUT');
  });

  it('refuses bodies over the limit, declared or streamed, and decompression bombs', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
    routes['/big-declared'] = (_q, s) => s.writeHead(200, { 'content-type': 'text/html', 'content-length': String(big.length) }).end(big);
    routes['/big-chunked'] = (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html' });
      s.end(big);
    };
    routes['/bomb'] = (_q, s) =>
      s.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    expect((await refusal(local.fetch(`${base}/big-declared`))).code).toBe('TOO_LARGE');
    expect((await refusal(local.fetch(`${base}/big-chunked`))).code).toBe('TOO_LARGE');
    expect((await refusal(local.fetch(`${base}/bomb`))).code).toBe('TOO_LARGE');
    expect((await local.fetch(`${base}/big-chunked`, { maxBytes: 4 * 1024 * 1024 })).body.length).toBe(big.length);
  });

  it('checks the content type and the status', async () => {
    routes['/png'] = (_q, s) => s.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    routes['/untyped'] = (_q, s) => s.writeHead(200).end('x');
    routes['/feed'] = html('<?xml version="1.0" encoding="euc-kr"?><rss></rss>', 'application/rss+xml');
    routes['/gone'] = (_q, s) => s.writeHead(410).end('gone');
    expect((await refusal(local.fetch(`${base}/png`))).code).toBe('BAD_CONTENT_TYPE');
    expect((await refusal(local.fetch(`${base}/untyped`))).code).toBe('BAD_CONTENT_TYPE');
    expect((await refusal(local.fetch(`${base}/feed`))).code).toBe('BAD_CONTENT_TYPE');
    const feed = await local.fetch(`${base}/feed`, { accept: FEED_TYPES });
    expect(feed.contentType).toBe('application/rss+xml');
    const gone = await refusal(local.fetch(`${base}/gone`));
    expect(gone.code).toBe('HTTP_STATUS');
    expect(gone.status).toBe(410);
  });
});
