// The live bench's clients (bench/live.bench.ts starts this as a child process, so the sockets'
// client side is not counted in the server's memory): opens one socket per token given on stdin,
// signs each in and subscribes it to its topic, says `ready` on stdout, then reports for every
// event it receives the delay since the publish (`data.t0`, epoch ms from performance).
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

const url = process.argv[2];
const lines = createInterface({ input: process.stdin });
const sockets = [];
const now = () => performance.timeOrigin + performance.now();

function open({ token, topic }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic }));
      else if (m.type === 'subscribed') resolve();
      else if (m.type === 'error') reject(new Error(`${m.code} ${m.message}`));
      else if (m.type === 'event') process.stdout.write(`lat ${m.data.round} ${(now() - m.data.t0).toFixed(2)}\n`);
    });
  });
}

const wanted = [];
lines.on('line', async (line) => {
  if (line === 'go') {
    // a few at a time: a real crowd does not arrive in one instant either
    for (let i = 0; i < wanted.length; i += 20) await Promise.all(wanted.slice(i, i + 20).map(open));
    process.stdout.write(`ready ${sockets.length}\n`);
  } else if (line === 'close') {
    for (const ws of sockets) ws.close();
    process.exit(0);
  } else wanted.push(JSON.parse(line));
});
