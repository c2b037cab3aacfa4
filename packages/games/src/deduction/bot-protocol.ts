/**
 * The contract between the game and a custom bot (docs/deduction.md "Bots"). A bot is a
 * JavaScript function `move(state)` run in a QuickJS sandbox (browser: a Web Worker; server:
 * a worker thread) with no network, storage or DOM, a memory cap and 2 s per move. It gets the
 * state object below and returns `answerCount` distinct keyword indices; anything else (an
 * error, a wrong answer, running out of time) loses the turn.
 */
import { hashSeed } from '../rng.ts';
import type { DeductionView } from './view.ts';
import { viewKnownWrong } from './view.ts';

export const BOT_MOVE_MS = 2000;
export const BOT_MEMORY_BYTES = 32 * 1024 * 1024;
export const BOT_STACK_BYTES = 512 * 1024;
export const BOT_CODE_MAX_CHARS = 20_000;

export interface BotState {
  /** The keywords (Korean), index = keyword id. */
  keywords: string[];
  /** The same keywords in English. */
  keywordsEn: string[];
  answerCount: number;
  /** This bot's private hints: keywords that are not answers. */
  myHints: number[];
  /** This bot's guesses so far, with how many of each were answers. */
  myGuesses: { guess: number[]; correct: number; round: number }[];
  /** Keywords marked wrong for everyone (guesses with no answer, when the global hint is on). */
  revealedWrong: number[];
  /** Everything this bot knows is wrong (hints, revealed, its own guesses with no answer). */
  knownWrong: number[];
  /** Other players' guesses (their counts are private). */
  others: { seat: number; guess: number[]; round: number }[];
  round: number;
  maxRounds: number | null;
  seat: number;
  players: number;
  timeLimitMs: number;
}

export function botStateFromView(view: DeductionView, seat: number): BotState {
  const mine = view.mine.find((m) => m.seat === seat);
  if (!mine) throw new Error(`seat ${seat} is not played on this device`);
  return {
    keywords: view.keywords.map((k) => k.ko),
    keywordsEn: view.keywords.map((k) => k.en),
    answerCount: view.settings.answerCount,
    myHints: [...mine.hints],
    myGuesses: view.history
      .filter((h) => h.seat === seat && h.kind === 'guess' && h.guess && h.correct !== null)
      .map((h) => ({ guess: [...h.guess!], correct: h.correct!, round: h.round })),
    revealedWrong: view.settings.globalHint ? [...view.globalWrong] : [],
    knownWrong: [...viewKnownWrong(view, seat)].sort((a, b) => a - b),
    others: view.history
      .filter((h) => h.seat !== seat && h.kind === 'guess' && h.guess)
      .map((h) => ({ seat: h.seat, guess: [...h.guess!], round: h.round })),
    round: view.round,
    maxRounds: view.settings.maxRounds,
    seat,
    players: view.seats.length,
    timeLimitMs: BOT_MOVE_MS,
  };
}

/** The seed of a bot's `Math.random` for a move (so a ladder game replays the same). */
export function botRandomSeed(salt: string, turn: number, seat: number): number {
  return hashSeed(`${salt}|bot|${turn}|${seat}`);
}

/**
 * Why a bot lost its turn through a fault of the protocol (not an error its own code threw): a
 * stable code the pages say in the reader's language, with the numbers it names.
 */
export const BOT_FAULTS = [
  'NOT_AN_ARRAY', // move(state) returned something that is not a list
  'WRONG_COUNT', // not exactly answerCount indices (params.answerCount)
  'INDEX_OUT_OF_RANGE', // an index that is not an integer in 0..params.max
  'REPEATED_INDEX',
  'NO_ANSWER', // move(state) returned nothing, or something that is not JSON
  'NO_MOVE_FUNCTION', // the code defines no function move(state)
  'NOT_LOADED', // the bot's code was not loaded
  'STOPPED', // stopped after repeated time-outs (the ladder)
] as const;
export type BotFaultCode = (typeof BOT_FAULTS)[number];
export interface BotFault {
  code: BotFaultCode;
  params?: Record<string, number>;
}

export type BotAnswerCheck = { ok: true; guess: number[] } | { ok: false; fault: BotFault };

export function checkBotAnswer(value: unknown, state: Pick<BotState, 'answerCount' | 'keywords'>): BotAnswerCheck {
  if (!Array.isArray(value)) return { ok: false, fault: { code: 'NOT_AN_ARRAY' } };
  const n = state.keywords.length;
  if (value.length !== state.answerCount) return { ok: false, fault: { code: 'WRONG_COUNT', params: { answerCount: state.answerCount } } };
  if (!value.every((v) => Number.isInteger(v) && v >= 0 && v < n))
    return { ok: false, fault: { code: 'INDEX_OUT_OF_RANGE', params: { max: n - 1 } } };
  if (new Set(value).size !== value.length) return { ok: false, fault: { code: 'REPEATED_INDEX' } };
  return { ok: true, guess: [...(value as number[])].sort((a, b) => a - b) };
}

/** What the move expression throws when the code has no `move` function (botMoveSource). */
const NO_MOVE_FUNCTION = 'define a function move(state)';

/**
 * A move that threw: the protocol's own fault (no `move` function) as a code, anything else is
 * the bot's own error text, shown to its author as it is.
 */
export function botErrorOf(message: string): { fault: BotFault } | { message: string } {
  return message.includes(NO_MOVE_FUNCTION) ? { fault: { code: 'NO_MOVE_FUNCTION' } } : { message };
}

/** The kinds of error a bot's code can throw, as QuickJS names them (anything else is `Error`). */
export const BOT_ERROR_KINDS = ['SyntaxError', 'ReferenceError', 'TypeError', 'RangeError', 'InternalError', 'Error'] as const;
export type BotErrorKind = (typeof BOT_ERROR_KINDS)[number];

/** An error the bot's own code threw (or would not compile with): its kind, QuickJS's words, and its line in the bot's code. */
export interface BotError {
  kind: BotErrorKind;
  message: string;
  /** 1-based line in the bot's code, or null when the error names none there */
  line: number | null;
}

/**
 * QuickJS's dump of a thrown value (`{name, message, stack, lineNumber}`, or anything a bot
 * threw) as a BotError. The bot's code runs after `preludeLines` lines of the sandbox's own
 * (`BOT_PRELUDE_LINES` when loaded by `botLoadSource`), so a location in `bot.js` is moved back
 * by that many; the first location inside the bot's `codeLines` is the one reported.
 */
export function botErrorFrom(dumped: unknown, codeLines: number, preludeLines = BOT_PRELUDE_LINES): BotError {
  const o = typeof dumped === 'object' && dumped !== null ? (dumped as Record<string, unknown>) : { message: String(dumped) };
  const name = typeof o.name === 'string' ? o.name : '';
  const kind = (BOT_ERROR_KINDS as readonly string[]).includes(name) ? (name as BotErrorKind) : 'Error';
  const message = String(o.message ?? '').slice(0, 300);
  const places = [...String(o.stack ?? '').matchAll(/bot\.js:(\d+)/g)].map((m) => Number(m[1]));
  if (typeof o.lineNumber === 'number') places.unshift(o.lineNumber);
  const line = places.map((l) => l - preludeLines).find((l) => l >= 1 && l <= codeLines) ?? null;
  return { kind, message, line };
}

/**
 * Evaluated once in a fresh sandbox before the bot's code: a seeded Math.random (mulberry32,
 * reseeded before each move) and nothing else.
 */
export const BOT_PRELUDE = `"use strict";
(function () {
  var s = 0;
  Object.defineProperty(globalThis, "__moimSeed", { value: function (v) { s = v >>> 0; } });
  Math.random = function () {
    s = (s + 0x6d2b79f5) >>> 0;
    var t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();`;

/** Lines of the sandbox's own code before the bot's in `botLoadSource`. */
export const BOT_PRELUDE_LINES = BOT_PRELUDE.split('\n').length;

/** What a sandbox evaluates to load a bot: the prelude, then the bot's code from a line of its own. */
export function botLoadSource(code: string): string {
  return `${BOT_PRELUDE}\n${code}\n;undefined`;
}

/** The expression evaluated for one move (after `globalThis.__moimState` holds the state's JSON). */
export function botMoveSource(seed: number): string {
  return `__moimSeed(${seed >>> 0}); if (typeof move !== "function") { throw new Error("${NO_MOVE_FUNCTION}"); } JSON.stringify(move(JSON.parse(globalThis.__moimState)))`;
}

export const BOT_TEMPLATE = `// 추리 게임 봇 · Deduction bot
// state.keywords[i]   키워드 (index i) · the keyword with index i
// state.answerCount   고를 개수 · how many to pick
// state.knownWrong    정답이 아닌 것이 확실한 키워드 · indices known not to be answers
// state.myGuesses     [{ guess: [..], correct, round }] 내 추측과 맞은 개수 · my guesses and counts
// move(state)는 서로 다른 index answerCount개를 돌려줍니다 · return answerCount distinct indices.
function move(state) {
  const wrong = new Set(state.knownWrong);
  const open = [];
  for (let i = 0; i < state.keywords.length; i++) if (!wrong.has(i)) open.push(i);
  // 섞은 뒤 앞에서부터 고르기 · shuffle, then take the first ones
  for (let i = open.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [open[i], open[j]] = [open[j], open[i]];
  }
  return open.slice(0, state.answerCount);
}
`;
