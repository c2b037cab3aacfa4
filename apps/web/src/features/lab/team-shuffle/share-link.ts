/**
 * The share link: the whole Team Shuffle document (roster, settings, earlier results when
 * "spread" uses them, seed, names) in the address fragment, `#s=<base64url(JSON)>`, so a
 * link shows the same teams on any device without any server, and the names never reach a
 * server log. Format v1 (docs/lab-tools.md):
 *   { v: 1, p: [names], t: { column: [value per person] }, s: [by 'c'|'s', value, allowSingles 0|1],
 *     g: [[person indexes]] (together), a: [[person indexes]] (apart), b: column | null,
 *     n: spreadLast, r: [[team index per person, -1 absent]] (earlier results), e: seed,
 *     h: theme, c: [custom names], m: [team names typed over the theme's] }
 */
import { LAB_LIMITS } from '@moim/contract';
import { cleanName, numberDuplicates } from '../participants/parse';
import { emptyDoc, type ShuffleDoc } from './doc';
import { THEME_IDS, type ThemeId } from './themes';

interface Wire {
  v: 1;
  p: string[];
  t?: Record<string, string[]>;
  s: [string, number, number];
  g?: number[][];
  a?: number[][];
  b?: string | null;
  n?: number;
  r?: number[][];
  e?: string | null;
  h?: string;
  c?: string[];
  m?: (string | null)[];
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function encodeShare(doc: ShuffleDoc): string {
  const index = new Map(doc.people.map((p, i) => [p.name, i]));
  const columns = [...new Set(doc.people.flatMap((p) => Object.keys(p.tags)))];
  const w: Wire = {
    v: 1,
    p: doc.people.map((p) => p.name),
    s: [doc.split.by === 'size' ? 's' : 'c', doc.split.value, doc.split.allowSingles ? 1 : 0],
  };
  if (columns.length) w.t = Object.fromEntries(columns.map((c) => [c, doc.people.map((p) => p.tags[c] ?? '')]));
  const idx = (groups: string[][]) => groups.map((g) => g.map((n) => index.get(n)!).filter((i) => i !== undefined));
  if (doc.together.length) w.g = idx(doc.together);
  if (doc.apart.length) w.a = idx(doc.apart);
  if (doc.balanceBy) w.b = doc.balanceBy;
  if (doc.spreadLast > 0) {
    w.n = doc.spreadLast;
    w.r = doc.recent.slice(0, doc.spreadLast).map((teams) => {
      const at = new Array<number>(doc.people.length).fill(-1);
      teams.forEach((team, ti) => team.forEach((n) => index.has(n) && (at[index.get(n)!] = ti)));
      return at;
    });
  }
  if (doc.seed) w.e = doc.seed;
  if (doc.theme !== 'default') w.h = doc.theme;
  if (doc.theme === 'custom' && doc.customNames.length) w.c = doc.customNames;
  if (doc.teamNames.some((n) => n)) w.m = doc.teamNames;
  return toBase64Url(JSON.stringify(w));
}

const int = (v: unknown, lo: number, hi: number, dflt: number) =>
  typeof v === 'number' && Number.isInteger(v) ? Math.min(hi, Math.max(lo, v)) : dflt;
const str = (v: unknown, max: number) => (typeof v === 'string' ? cleanName(v).slice(0, max) : '');

/** The document in a share fragment, or null when it cannot be read. Every field is bounded again. */
export function decodeShare(fragment: string): ShuffleDoc | null {
  let w: Wire;
  try {
    w = JSON.parse(fromBase64Url(fragment)) as Wire;
  } catch {
    return null;
  }
  if (!w || w.v !== 1 || !Array.isArray(w.p) || !Array.isArray(w.s)) return null;
  const names = numberDuplicates(
    w.p
      .slice(0, LAB_LIMITS.rosterPeople)
      .map((n) => str(n, LAB_LIMITS.personName))
      .filter(Boolean),
  );
  if (names.length === 0) return null;
  const columns = w.t && typeof w.t === 'object' ? Object.keys(w.t).slice(0, LAB_LIMITS.tagsPerPerson) : [];
  const people = names.map((name, i) => {
    const tags: Record<string, string> = {};
    for (const c of columns) {
      const v = str((w.t![c] as unknown[] | undefined)?.[i], LAB_LIMITS.tagValue);
      const k = str(c, LAB_LIMITS.tagKey);
      if (v && k) tags[k] = v;
    }
    return { name, tags };
  });
  const groups = (g: unknown) =>
    (Array.isArray(g) ? g : [])
      .slice(0, LAB_LIMITS.constraintGroups)
      .map((x) =>
        (Array.isArray(x) ? x : []).filter((i): i is number => Number.isInteger(i) && i >= 0 && i < names.length).map((i) => names[i]!),
      )
      .filter((x) => x.length >= 2);
  const spreadLast = int(w.n, 0, LAB_LIMITS.recentResults, 0);
  const recent = (Array.isArray(w.r) ? w.r : []).slice(0, spreadLast).map((at) => {
    const teams: string[][] = [];
    (Array.isArray(at) ? at : []).forEach((ti, i) => {
      if (!Number.isInteger(ti) || ti < 0 || ti >= LAB_LIMITS.teams || i >= names.length) return;
      (teams[ti] ??= []).push(names[i]!);
    });
    return teams.filter(Boolean);
  });
  const theme = (THEME_IDS as readonly string[]).includes(w.h ?? '') || w.h === 'custom' ? (w.h as ThemeId) : 'default';
  const seed = typeof w.e === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(w.e) ? w.e : null;
  return {
    ...emptyDoc(),
    people,
    split: { by: w.s[0] === 's' ? 'size' : 'count', value: int(w.s[1], 1, 1000, 2), allowSingles: w.s[2] === 1 },
    together: groups(w.g),
    apart: groups(w.a),
    balanceBy: typeof w.b === 'string' && columns.includes(w.b) ? str(w.b, LAB_LIMITS.tagKey) : null,
    spreadLast,
    recent,
    seed,
    theme,
    customNames: (Array.isArray(w.c) ? w.c : []).slice(0, LAB_LIMITS.teams).map((n) => str(n, LAB_LIMITS.personName)),
    teamNames: (Array.isArray(w.m) ? w.m : [])
      .slice(0, LAB_LIMITS.teams)
      .map((n) => (typeof n === 'string' ? str(n, LAB_LIMITS.personName) || null : null)),
  };
}

export const SHARE_PREFIX = 's=';

export function shareUrl(doc: ShuffleDoc, origin: string): string {
  return `${origin}/lab/team-shuffle#${SHARE_PREFIX}${encodeShare(doc)}`;
}

/**
 * Links of the first Team Shuffle (`?names=a%0Ab&mode=count&n=2&seed=x`) still open: the same
 * roster, split and seed (the teams come from today's solver).
 */
export function decodeLegacyQuery(search: string): ShuffleDoc | null {
  const q = new URLSearchParams(search);
  const seed = (q.get('seed') ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  const names = numberDuplicates(
    (q.get('names') ?? '')
      .split(/[\n,]/)
      .map((n) => cleanName(n))
      .filter(Boolean)
      .slice(0, LAB_LIMITS.rosterPeople),
  );
  if (!seed || names.length === 0) return null;
  return {
    ...emptyDoc(),
    people: names.map((name) => ({ name, tags: {} })),
    split: { by: q.get('mode') === 'size' ? 'size' : 'count', value: int(Number(q.get('n')), 1, 1000, 2), allowSingles: false },
    seed,
  };
}
