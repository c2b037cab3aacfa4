/**
 * Participants from text: a pasted list, a TXT file (one name per line, or one line of names
 * separated by commas) or a CSV/TSV table (a header row; the name column is the one called
 * name/이름/성명/참가자, else the first; every other column becomes a tag to balance by).
 * Blank lines are dropped, names trimmed and cut to 40 characters, repeated names numbered
 * ("김하늘", "김하늘 (2)") so every participant stays distinguishable.
 */
import { LAB_LIMITS, type LabPerson } from '@moim/contract';

export interface ParsedParticipants {
  people: LabPerson[];
  /** tag columns found (CSV/TSV) */
  columns: string[];
  /** names beyond the limit that were left out */
  dropped: number;
}

const NAME_HEADER = /^(name|names|이름|성명|참가자|닉네임|nickname)$/i;
// eslint-disable-next-line no-control-regex -- names must not carry control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

export function cleanName(raw: string): string {
  return raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, LAB_LIMITS.personName).trim();
}

/** RFC 4180 rows (quotes, doubled quotes, delimiters and newlines inside quotes). */
export function parseDelimited(text: string, delimiter: ',' | '\t'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** Names made unique by numbering repeats, in order. */
export function numberDuplicates(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    let k = n;
    const numbered = (i: number) => `${name.slice(0, LAB_LIMITS.personName - ` (${i})`.length).trim()} (${i})`;
    let candidate = numbered(k);
    while (taken.has(candidate)) candidate = numbered(++k);
    taken.add(candidate);
    return candidate;
  });
}

function finish(rows: { name: string; tags: Record<string, string> }[], columns: string[], max: number): ParsedParticipants {
  const named = rows.filter((r) => r.name !== '');
  const unique = numberDuplicates(named.map((r) => r.name));
  const people = named.map((r, i) => ({ name: unique[i]!, tags: r.tags }));
  return { people: people.slice(0, max), columns, dropped: Math.max(0, people.length - max) };
}

export function parseParticipants(text: string, max: number = LAB_LIMITS.rosterPeople): ParsedParticipants {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { people: [], columns: [], dropped: 0 };
  const first = lines[0]!;
  const delimiter = first.includes('\t') ? '\t' : first.includes(',') && lines.length > 1 ? ',' : null;
  if (!delimiter) {
    // a list: one per line, or a single line of comma-separated names
    const names = lines.length === 1 ? first.split(',') : lines;
    return finish(
      names.map((n) => ({ name: cleanName(n), tags: {} })),
      [],
      max,
    );
  }
  const rows = parseDelimited(text, delimiter);
  const header = rows[0]!.map((h) => cleanName(h));
  const nameAt = Math.max(
    0,
    header.findIndex((h) => NAME_HEADER.test(h)),
  );
  const hasHeader = header.some((h) => NAME_HEADER.test(h));
  const body = hasHeader ? rows.slice(1) : rows;
  const keys = header.map((h, i) => (hasHeader ? cleanName(h).slice(0, LAB_LIMITS.tagKey) : `열${i + 1}`));
  const columns = keys.filter((k, i) => i !== nameAt && k !== '').slice(0, LAB_LIMITS.tagsPerPerson);
  return finish(
    body.map((cells) => {
      const tags: Record<string, string> = {};
      keys.forEach((k, i) => {
        if (i === nameAt || !columns.includes(k)) return;
        const v = cleanName(cells[i] ?? '').slice(0, LAB_LIMITS.tagValue);
        if (v) tags[k] = v;
      });
      return { name: cleanName(cells[nameAt] ?? ''), tags };
    }),
    columns,
    max,
  );
}

/** "1-30" or "1~30" → the numbers as names (the arena's number range). */
export function numberRange(from: number, to: number, max: number): string[] {
  const lo = Math.floor(Math.min(from, to));
  const hi = Math.floor(Math.max(from, to));
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  return Array.from({ length: Math.min(max, hi - lo + 1) }, (_, i) => String(lo + i));
}
