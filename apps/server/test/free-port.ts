/**
 * A free port for a server whose address must be known before it listens (a server process a
 * test starts, an OAuth provider's redirect address, the end-to-end platform).
 *
 * Not the kernel's `listen(0)`: that hands out the ephemeral range, the range every outgoing
 * connection on the machine and every other `listen(0)` take their next port from. Between
 * choosing a port that way and the server's own listen (seconds, when it is a process that
 * compiles first), another suite running beside this one (`.ci/run` runs the PostgreSQL suite
 * beside `npm test`, hundreds of connections a minute) could take it, and the server would fail
 * with EADDRINUSE, or the test would talk to someone else's server. A random port below the
 * ephemeral range, checked free, is taken by nobody else in practice.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** below this, the well-known service ports of this machine (5432, 6379, 3000, 3306 …) */
const FLOOR = 20_000;
const handedOut = new Set<number>();

function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && low > FLOOR + 1_000) return low;
  } catch {
    /* not Linux: the IANA ephemeral range */
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const top = ephemeralStart();
  for (let i = 0; i < 200; i++) {
    const port = FLOOR + Math.floor(Math.random() * (top - FLOOR));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${FLOOR} and ${top}`);
}
