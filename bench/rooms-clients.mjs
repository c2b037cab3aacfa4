// The rooms bench's players (bench/rooms.bench.ts starts this as a child process, so the clients'
// side is not counted in the server's CPU): reads the rooms on stdin (one JSON line each: id, the
// first seat, each seat's token and private topic, the guess of every turn), then on `go` opens
// one socket per seat (signed in, on the room's topic and its own seat's, as the room page is) and
// says `ready`; on `play` every room plays at once: the active player posts the turn's guess, and
// the next player moves the moment their own socket hears it. Each seat socket's arrival of a
// move's event (its seat topic) is timed from the moment the move was sent. The room page's
// heartbeat runs every 10 s. Prints `done {json}` with the figures.
import { createInterface } from 'node:readline';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { WebSocket } from 'ws';

const base = process.argv[2];
const wsUrl = `${base.replace('http', 'ws')}/api/live`;
const now = () => performance.timeOrigin + performance.now();
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

const rooms = [];
const requests = [];
const deliveries = [];
const errors = {};
let moves = 0;
let unheard = 0;

function openSeat(room, seat) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    const socket = { ws, heard: new Set(), waiters: new Map() };
    room.sockets[seat] = socket;
    let subscribed = 0;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: room.seats[seat].token })));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'ready') {
        ws.send(JSON.stringify({ type: 'subscribe', topic: `deduction-room:${room.id}` }));
        ws.send(JSON.stringify({ type: 'subscribe', topic: room.seats[seat].topic }));
      } else if (m.type === 'subscribed') {
        if (++subscribed === 2) resolve();
      } else if (m.type === 'error') reject(new Error(`${m.code} ${m.message}`));
      else if (m.type === 'event' && m.topic === room.seats[seat].topic && m.data.kind === 'guess') {
        const turn = Number(m.data.turn); // the turn after the move
        const sent = room.sent.get(turn - 1);
        if (sent !== undefined) deliveries.push(now() - sent);
        socket.heard.add(turn);
        const w = socket.waiters.get(turn);
        if (w) {
          socket.waiters.delete(turn);
          w(true);
        }
      }
    });
  });
}

/** Resolves true once the socket heard the move that made `turn`, false after 30 s. */
function heard(socket, turn) {
  if (socket.heard.has(turn)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.waiters.delete(turn);
      resolve(false);
    }, 30_000);
    socket.waiters.set(turn, (v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

async function post(path, token, body) {
  const res = await fetch(`${base}/api/games/deduction/rooms${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  await res.arrayBuffer();
  return res.status;
}

async function play(room) {
  const n = room.seats.length;
  for (let turn = 0; turn < room.guesses.length; turn++) {
    const seat = (room.first + turn) % n;
    const t0 = now();
    room.sent.set(turn, t0);
    const status = await post(`/${room.id}/moves`, room.seats[seat].token, { turn, guess: room.guesses[turn] });
    requests.push(now() - t0);
    if (status !== 200) {
      errors[status] = (errors[status] ?? 0) + 1;
      return;
    }
    moves++;
    // the next player moves the moment their own socket hears this move
    if (!(await heard(room.sockets[(seat + 1) % n], turn + 1))) {
      unheard++;
      return;
    }
  }
  // the last move counts once every seat heard it
  for (const ok of await Promise.all(room.sockets.map((s) => heard(s, room.guesses.length)))) if (!ok) unheard++;
}

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  if (line === 'go') {
    const seats = rooms.flatMap((room) => room.seats.map((_, seat) => [room, seat]));
    // a few at a time: a real crowd does not arrive in one instant either
    for (let i = 0; i < seats.length; i += 20) await Promise.all(seats.slice(i, i + 20).map(([room, seat]) => openSeat(room, seat)));
    process.stdout.write(`ready ${seats.length}\n`);
  } else if (line === 'play') {
    // the room page's heartbeat: once as the page opens, then every 10 s
    const beat = () =>
      Promise.all(rooms.flatMap((room) => room.seats.map((s) => post(`/${room.id}/presence`, s.token).catch(() => undefined))));
    await beat();
    const heartbeat = setInterval(() => void beat(), 10_000);
    const t0 = now();
    await Promise.all(rooms.map(play));
    const seconds = (now() - t0) / 1000;
    clearInterval(heartbeat);
    const expected = moves * (rooms[0]?.seats.length ?? 0);
    const figures = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) });
    process.stdout.write(
      `done ${JSON.stringify({ moves, seconds, requests: figures(requests), deliveries: { ...figures(deliveries), count: deliveries.length, expected }, errors, unheard })}\n`,
    );
  } else if (line === 'close') {
    for (const room of rooms) for (const s of room.sockets) s?.ws.close();
    process.exit(0);
  } else {
    rooms.push({ ...JSON.parse(line), sockets: [], sent: new Map() });
  }
});
