/**
 * The leaderboard answer's JSON, written directly: the route's zod serializer
 * (fastify-type-provider-zod) encodes the whole envelope through the schema on every request,
 * then stringifies the copy; for a board of 10–11 entries that was the biggest single cost of the
 * hot reads after the HTTP pipeline itself (docs/performance.md "Other reads").
 *
 * `leaderboardJson` checks what the schema would check (types, enums, integer ranges) as it
 * writes, in the schema's key order, each string and number through JSON.stringify, so its bytes
 * are those of the zod serializer (leaderboard-json.test.ts compares them). Anything it does not
 * accept (a value the schema would refuse, or would coerce) goes to the zod serializer unchanged,
 * which answers it as before (a response serialization error for an invalid value).
 */
import { GAME_TYPE_CODE_VALUES } from '@moim/contract';
import { writtenJsonSerializerCompiler } from '../../http/json-serializer.ts';

const GAME_TYPES: ReadonlySet<unknown> = new Set(GAME_TYPE_CODE_VALUES);
const str = JSON.stringify;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** z.number().int().min(m): a safe integer ≥ m. */
const isInt = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function entryJson(e: unknown): string | null {
  if (!isObj(e)) return null;
  const { rank, userId, name, profileImage, score, playedAt } = e;
  if (!isInt(rank, 1) || typeof userId !== 'string' || !isStrOrNull(name) || !isStrOrNull(profileImage)) return null;
  if (!isInt(score, 0) || typeof playedAt !== 'string') return null;
  return `{"rank":${rank},"userId":${str(userId)},"name":${name === null ? 'null' : str(name)},"profileImage":${profileImage === null ? 'null' : str(profileImage)},"score":${score},"playedAt":${str(playedAt)}}`;
}

/**
 * `{ success: true, data: Leaderboard }` as JSON, the bytes the schema's serializer gives; null when
 * the value is not one the schema accepts as it is.
 */
export function leaderboardJson(envelope: unknown): string | null {
  if (!isObj(envelope) || envelope.success !== true || !isObj(envelope.data)) return null;
  const { gameType, difficulty, period, periodStart, entries, userRank } = envelope.data;
  if (!GAME_TYPES.has(gameType) || !isStrOrNull(difficulty) || (period !== 'ALL_TIME' && period !== 'WEEKLY')) return null;
  if (!isStrOrNull(periodStart) || !Array.isArray(entries)) return null;
  let rank = 'null';
  if (userRank !== null) {
    if (!isObj(userRank) || !isInt(userRank.rank, 1) || !isInt(userRank.totalPlayers, 0)) return null;
    rank = `{"rank":${userRank.rank},"totalPlayers":${userRank.totalPlayers}}`;
  }
  let list = '';
  for (let i = 0; i < entries.length; i++) {
    const one = entryJson(entries[i]);
    if (one === null) return null;
    list += i === 0 ? one : `,${one}`;
  }
  return `{"success":true,"data":{"gameType":${str(gameType)},"difficulty":${difficulty === null ? 'null' : str(difficulty)},"period":"${period}","periodStart":${periodStart === null ? 'null' : str(periodStart)},"entries":[${list}],"userRank":${rank}}}`;
}

/**
 * A route's serializer compiler for the leaderboard envelope: `leaderboardJson`, or the zod
 * serializer for what it leaves (the route keeps its zod response schema for the OpenAPI document).
 */
export const leaderboardSerializerCompiler = writtenJsonSerializerCompiler(leaderboardJson);
