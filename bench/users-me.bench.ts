// GET /api/users/me with a valid token (JWT check + one database read) next to a bare route in
// the same process.
import { randomBytes } from 'node:crypto';
import { load, printTable, startBenchApp } from './support.ts';

// a signing secret of its own (production config requires one with DATABASE_URL)
const s = await startBenchApp({ JWT_SECRET: randomBytes(32).toString('hex') });
try {
  const r = await s.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email: 'bench.user@moim.dev', password: 'bench user passphrase', name: '벤치 사용자' },
  });
  if (r.statusCode !== 201) throw new Error(`could not register the bench user: ${r.statusCode} ${r.body}`);
  const token = (JSON.parse(r.body) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`${s.url}/api/users/me`, { headers });
  if (check.status !== 200) throw new Error(`GET /api/users/me answered ${check.status}`);

  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  await load('warm-up', `${s.url}/api/users/me`, { duration: 1, headers });
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`);
  const me = await load('GET /api/users/me (valid token)', `${s.url}/api/users/me`, { headers });
  printTable([bare, me], bare);
  console.log(`ratio users-me/bare: ${(me.rps / bare.rps).toFixed(2)}`);
} finally {
  await s.close();
}
