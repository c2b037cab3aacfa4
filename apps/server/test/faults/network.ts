/**
 * The fault suite's network parts (re-exported by harness.ts): a TCP proxy that can refuse or
 * hang, an HTTP proxy that alternates between instances, and a balancer that probes readiness
 * as a real one does in a rolling restart.
 */
import http from 'node:http';
import net from 'node:net';
import { request, sleep } from './client.ts';

/* A TCP proxy that can fail --------------------------------------------------------------- */

export type ProxyMode = 'pass' | 'refuse' | 'hang';

export interface TcpProxy {
  port: number;
  mode: ProxyMode;
  /** connections accepted so far (refused ones included) */
  accepted: number;
  /** refuse: close every connection at once; hang: accept and forward nothing, either way */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  let mode: ProxyMode = 'pass';
  const server = net.createServer((client) => {
    proxy.accepted++;
    client.on('error', () => undefined);
    if (mode === 'refuse') return client.destroy();
    const pair = { client, upstream: null as net.Socket | null };
    pairs.add(pair);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'hang') {
      client.pause(); // a black hole: nothing is read or answered
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: TcpProxy = {
    port,
    mode,
    accepted: 0,
    set(next) {
      mode = next;
      proxy.mode = next;
      for (const p of pairs) {
        if (next === 'refuse') {
          p.client.destroy();
          p.upstream?.destroy();
        } else if (next === 'hang') {
          // Established connections stop moving bytes in both directions.
          p.client.unpipe();
          p.upstream?.unpipe();
          p.client.pause();
          p.upstream?.pause();
        }
      }
      if (next === 'pass') {
        // Connections held while hanging are dropped: their clients see a reset and reconnect.
        for (const p of pairs) if (p.upstream === null || p.client.isPaused()) p.client.destroy();
      }
    },
    async close() {
      for (const p of pairs) {
        p.client.destroy();
        p.upstream?.destroy();
      }
      await new Promise((r) => server.close(r));
    },
  };
  return proxy;
}

/* An HTTP proxy alternating between instances ---------------------------------------------- */

export interface Balancer {
  url: string;
  /** how many requests went to each target */
  counts: number[];
  close(): Promise<void>;
}

export async function roundRobin(targets: string[]): Promise<Balancer> {
  let next = 0;
  const counts = targets.map(() => 0);
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    counts[i]!++;
    const target = new URL(targets[i]!);
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-instance': String(i) } },
      (r) => {
        res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-served-by': String(i) });
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(up);
  });
  // WebSocket upgrades (the live channel) alternate too: the handshake and then the bytes both ways
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const i = next++ % targets.length;
    counts[i]!++;
    const target = new URL(targets[i]!);
    const up = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let k = 0; k < req.rawHeaders.length; k += 2) lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length > 0) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    for (const s of [up, client]) {
      tunnels.add(s);
      s.on('close', () => tunnels.delete(s));
      s.on('error', () => {
        up.destroy();
        client.destroy();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counts,
    close: () =>
      new Promise((r) => {
        for (const s of tunnels) s.destroy();
        server.close(() => r());
      }),
  };
}

/* A load balancer that probes readiness ------------------------------------------------------ */

/**
 * What a real balancer does in a rolling restart: probes each target's readiness every `probeMs`
 * and sends requests only to ready ones (round robin); a request whose connection failed before
 * any answer (refused, reset) is retried on another ready target, as nginx's
 * `proxy_next_upstream error` does. Only for requests without a body (the load is reads).
 */
export async function readinessBalancer(targets: string[], probeMs = 100): Promise<Balancer & { retried: number }> {
  const ready = targets.map(() => true);
  const counts = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  let stopped = false;
  const probes = targets.map(async (t, i) => {
    while (!stopped) {
      const r = await request(t, 'GET', '/api/health/ready', undefined, undefined, 1_000).catch(() => null);
      ready[i] = r?.status === 200;
      await sleep(probeMs);
    }
  });
  const pick = (exclude: number) => {
    for (let k = 0; k < targets.length; k++) {
      const i = next++ % targets.length;
      if (ready[i] && i !== exclude) return i;
    }
    return -1;
  };
  const state = { retried: 0 };
  const server = http.createServer((req, res) => {
    const attempt = (tries: number, last: number) => {
      const i = pick(last);
      if (i < 0) return void res.writeHead(502).end();
      counts[i]!++;
      const target = new URL(targets[i]!);
      const up = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'keep-alive' },
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, { ...r.headers, connection: 'keep-alive', 'x-served-by': String(i) });
          r.pipe(res);
        },
      );
      up.on('error', () => {
        if (res.headersSent) return void res.destroy();
        if (tries > 0) {
          state.retried++;
          attempt(tries - 1, i);
        } else res.writeHead(502).end();
      });
      up.end();
    };
    attempt(3, -1);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counts,
    get retried() {
      return state.retried;
    },
    close: async () => {
      stopped = true;
      await Promise.all(probes);
      agent.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
