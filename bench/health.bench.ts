// GET /api/health/ready (a real database round trip) next to a bare route in the same process.
import { load, printTable, startBenchApp } from './support.ts';

const s = await startBenchApp();
try {
  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`);
  const ready = await load('GET /api/health/ready', `${s.url}/api/health/ready`);
  printTable([bare, ready], bare);
  console.log(`ratio ready/bare: ${(ready.rps / bare.rps).toFixed(2)}`);
} finally {
  await s.close();
}
