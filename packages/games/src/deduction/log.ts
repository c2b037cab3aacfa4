/**
 * The guess log (`gameData` of a DEDUCTION result):
 *   { "v": 1, "settings": {…}, "seats": [{…}], "events": [{ "type": "guess", "seat": 0, "guess": [3, 9, 17], "ms": 12000 }, …] }
 * Events: guess (with `ms` thinking time and `timeout: true` when the timer played it), skip
 * (a bot lost its turn: BOT_TIMEOUT | BOT_ERROR | BOT_INVALID), reveal (ANSWER | WRONG).
 * The seed is not in the log: the server keeps it. Parsing is strict (unknown fields refused)
 * and bounded, and `canonicalEvents` gives the one spelling two equal logs share.
 */
import type { DeductionEvent } from './engine.ts';
import { SKIP_REASONS } from './engine.ts';
import { checkDeductionSetup, type DeductionSettings, type SeatSpec } from './settings.ts';

export interface DeductionLog {
  v: 1;
  settings: DeductionSettings;
  seats: SeatSpec[];
  events: DeductionEvent[];
}

export const MAX_LOG_EVENTS = 1200;
export const MAX_LOG_CHARS = 256 * 1024;

type Parsed = { ok: true; log: DeductionLog } | { ok: false; reason: string };

const SETTINGS_KEYS = ['preset', 'theme', 'globalHint', 'poolSize', 'answerCount', 'hintCount', 'turnSeconds', 'maxRounds'];

function onlyKeys(o: object, allowed: readonly string[]): boolean {
  return Object.keys(o).every((k) => allowed.includes(k));
}
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSeat(v: unknown): SeatSpec | null {
  if (!isObj(v)) return null;
  if (v.kind === 'HUMAN' && onlyKeys(v, ['kind', 'name']) && typeof v.name === 'string') return { kind: 'HUMAN', name: v.name };
  if (v.kind === 'AI' && onlyKeys(v, ['kind', 'level']) && typeof v.level === 'string') return { kind: 'AI', level: v.level as 'EASY' };
  if (v.kind === 'BOT' && onlyKeys(v, ['kind', 'botId', 'name']) && typeof v.botId === 'string' && typeof v.name === 'string') {
    return { kind: 'BOT', botId: v.botId, name: v.name };
  }
  return null;
}

export function parseSettings(v: unknown): DeductionSettings | null {
  if (!isObj(v) || !onlyKeys(v, SETTINGS_KEYS)) return null;
  return {
    preset: v.preset as DeductionSettings['preset'],
    theme: v.theme as DeductionSettings['theme'],
    globalHint: v.globalHint as boolean,
    poolSize: v.poolSize as number,
    answerCount: v.answerCount as number,
    hintCount: v.hintCount as number,
    turnSeconds: v.turnSeconds as number,
    maxRounds: v.maxRounds as number | null,
  };
}

function parseEvent(v: unknown, maxMs: number): DeductionEvent | null {
  if (!isObj(v) || !Number.isSafeInteger(v.seat) || (v.seat as number) < 0) return null;
  const seat = v.seat as number;
  if (v.type === 'guess') {
    if (!onlyKeys(v, ['type', 'seat', 'guess', 'ms', 'timeout'])) return null;
    if (!Array.isArray(v.guess) || v.guess.length > 100 || !v.guess.every((i) => Number.isSafeInteger(i))) return null;
    const e: DeductionEvent = { type: 'guess', seat, guess: [...(v.guess as number[])] };
    if (v.ms !== undefined) {
      if (!Number.isSafeInteger(v.ms) || (v.ms as number) < 0 || (v.ms as number) > maxMs) return null;
      e.ms = v.ms as number;
    }
    if (v.timeout !== undefined) {
      if (typeof v.timeout !== 'boolean') return null;
      e.timeout = v.timeout;
    }
    return e;
  }
  if (v.type === 'skip') {
    if (!onlyKeys(v, ['type', 'seat', 'reason']) || !(SKIP_REASONS as readonly unknown[]).includes(v.reason)) return null;
    return { type: 'skip', seat, reason: v.reason as (typeof SKIP_REASONS)[number] };
  }
  if (v.type === 'reveal') {
    if (!onlyKeys(v, ['type', 'seat', 'kind']) || (v.kind !== 'ANSWER' && v.kind !== 'WRONG')) return null;
    return { type: 'reveal', seat, kind: v.kind };
  }
  return null;
}

export function parseDeductionLog(raw: unknown): Parsed {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_LOG_CHARS) return { ok: false, reason: 'the log is too large' };
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { ok: false, reason: 'the log is not JSON' };
    }
  } else {
    let size: number;
    try {
      size = JSON.stringify(raw)?.length ?? 0;
    } catch {
      return { ok: false, reason: 'the log is not JSON' };
    }
    if (size > MAX_LOG_CHARS) return { ok: false, reason: 'the log is too large' };
  }
  if (!isObj(value) || !onlyKeys(value, ['v', 'settings', 'seats', 'events']))
    return { ok: false, reason: 'the log must be {v, settings, seats, events}' };
  if (value.v !== 1) return { ok: false, reason: 'unknown log version' };
  const settings = parseSettings(value.settings);
  if (!settings) return { ok: false, reason: 'malformed settings' };
  if (!Array.isArray(value.seats)) return { ok: false, reason: 'malformed seats' };
  const seats = value.seats.map(parseSeat);
  if (seats.some((s) => s === null)) return { ok: false, reason: 'malformed seat' };
  const check = checkDeductionSetup(settings, seats as SeatSpec[]);
  if (!check.ok) return { ok: false, reason: `${check.field}: ${check.reason}` };
  if (!Array.isArray(value.events) || value.events.length > MAX_LOG_EVENTS) return { ok: false, reason: 'malformed events' };
  const maxMs = settings.turnSeconds * 1000;
  const events: DeductionEvent[] = [];
  for (const [i, e] of value.events.entries()) {
    const parsed = parseEvent(e, maxMs);
    if (!parsed) return { ok: false, reason: `malformed event ${i}` };
    events.push(parsed);
  }
  return { ok: true, log: { v: 1, settings, seats: seats as SeatSpec[], events } };
}

/** One spelling per event: guesses sorted, `ms` only when positive, `timeout` only when true. */
export function canonicalEvent(e: DeductionEvent): DeductionEvent {
  if (e.type === 'guess') {
    const out: DeductionEvent = { type: 'guess', seat: e.seat, guess: [...e.guess].sort((a, b) => a - b) };
    if (e.ms && e.ms > 0) out.ms = e.ms;
    if (e.timeout) out.timeout = true;
    return out;
  }
  if (e.type === 'skip') return { type: 'skip', seat: e.seat, reason: e.reason };
  return { type: 'reveal', seat: e.seat, kind: e.kind };
}

export function canonicalEvents(events: readonly DeductionEvent[]): string {
  return JSON.stringify(events.map(canonicalEvent));
}

export function sameSetup(
  a: { settings: DeductionSettings; seats: readonly SeatSpec[] },
  b: { settings: DeductionSettings; seats: readonly SeatSpec[] },
): boolean {
  const norm = (s: DeductionSettings) =>
    SETTINGS_KEYS.map((k) => JSON.stringify((s as unknown as Record<string, unknown>)[k] ?? null)).join('|');
  const seat = (s: SeatSpec) => (s.kind === 'AI' ? `AI:${s.level}` : s.kind === 'BOT' ? `BOT:${s.botId}:${s.name}` : `HUMAN:${s.name}`);
  return norm(a.settings) === norm(b.settings) && a.seats.map(seat).join('|') === b.seats.map(seat).join('|');
}
