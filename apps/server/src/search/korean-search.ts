/**
 * Korean search (GUIDE §3) for studies, projects and jobs: partial words, a word still being typed
 * ("결ㅈ" → 결제) and 초성 queries ("ㅂㅇㄷ" → 백엔드), the same on PGlite and PostgreSQL.
 *
 * A searchable row keeps three columns, computed here (never in SQL, so both databases agree):
 *   search_text      normalised text (NFKC, lower case, single spaces)
 *   search_jamo      the same text with every Hangul syllable split into jamo (es-hangul)
 *   search_choseong  the initial consonants of its Hangul words (es-hangul getChoseong)
 * each with a pg_trgm GIN index:
 *   create index <t>_search_jamo_trgm on <t> using gin (search_jamo gin_trgm_ops);
 *   create index <t>_search_choseong_trgm on <t> using gin (search_choseong gin_trgm_ops);
 *
 * Why jamo: a trigram index cannot serve a two-syllable query ('%자바%' has no full trigram), but
 * its jamo form ('ㅈㅏㅂㅏ') has two, so `search_jamo like '%ㅈㅏㅂㅏ%'` uses the index; and a
 * syllable still being composed ('결ㅈ' → 'ㄱㅕㄹㅈ') is a prefix of the finished word's jamo.
 */
import { disassemble, getChoseong } from 'es-hangul';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

export interface SearchColumns {
  searchText: string;
  searchJamo: string;
  searchChoseong: string;
}

const SPACES = /\s+/g;
const CHOSEONG_ONLY = /^[ㄱ-ㅎ\s]+$/;

/** NFKC (but compatibility jamo ㄱ-ㅣ stay as typed), lower case, single spaces, trimmed. */
export function normalizeSearchText(s: string): string {
  return s
    .replace(/[^\u3131-\u318e]+/g, (run) => run.normalize('NFKC'))
    .toLowerCase()
    .replace(SPACES, ' ')
    .trim();
}

/** The three stored columns for a row whose searchable fields are `parts` (nulls skipped). */
export function searchColumnsOf(...parts: (string | null | undefined | readonly string[])[]): SearchColumns {
  const text = normalizeSearchText(
    parts
      .flat()
      .filter((p): p is string => typeof p === 'string' && p.length > 0)
      .join(' '),
  );
  return {
    searchText: text,
    searchJamo: disassemble(text),
    searchChoseong: getChoseong(text).replace(SPACES, ' ').trim(),
  };
}

export interface KoreanQuery {
  /** 'choseong' when the query is only initial consonants (ㄱ-ㅎ) */
  kind: 'choseong' | 'jamo';
  /** what to look for in the matching column */
  needle: string;
}

/** Parse a user's query; null when it has nothing to search for. */
export function parseKoreanQuery(q: string | null | undefined): KoreanQuery | null {
  const text = normalizeSearchText(q ?? '');
  if (!text) return null;
  if (CHOSEONG_ONLY.test(text)) return { kind: 'choseong', needle: text };
  return { kind: 'jamo', needle: disassemble(text) };
}

/** Escape LIKE wildcards in a user's needle. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface SearchColumnRefs {
  jamo: SQL | AnyColumn;
  choseong: SQL | AnyColumn;
}

/** What a parsed query binds: the LIKE pattern over its column (wildcards escaped) and the needle `similarity()` compares. */
export interface KoreanSearchValues {
  pattern: string;
  needle: string;
}

export function koreanSearchValues(parsed: KoreanQuery): KoreanSearchValues {
  return { pattern: `%${escapeLike(parsed.needle)}%`, needle: parsed.needle };
}

export interface KoreanSearchSql {
  where: SQL;
  /** higher is better */
  rank: SQL;
  /** the same test as `where` for rows read another way */
  contains: SQL;
  /** where the needle first appears in the column (1-based; a cheap rank: lower is better) */
  position: SQL;
}

/**
 * The condition, rank and contains test over the column a query of `kind` searches, with its
 * pattern and needle given as values (sent as parameters) or as `sql.placeholder`s (a statement
 * built once and run with each request's values).
 */
export function koreanSearchSql(
  cols: SearchColumnRefs,
  kind: KoreanQuery['kind'],
  values: { pattern: string | Placeholder; needle: string | Placeholder },
): KoreanSearchSql {
  const column = kind === 'choseong' ? cols.choseong : cols.jamo;
  const position = sql`strpos(${column}, ${values.needle})`;
  return {
    where: sql`${column} like ${values.pattern}`,
    rank: sql`similarity(${column}, ${values.needle})`,
    // A plain substring search, ~3× cheaper than LIKE per row on jamo text (docs/performance.md,
    // jobs search), for rows already in hand (no index to serve).
    contains: sql`${position} > 0`,
    position,
  };
}

/**
 * The WHERE condition and a similarity rank (higher is better) for `q` over a table's search
 * columns; null when `q` is empty. Both use the trigram indexes above.
 */
export function koreanSearch(cols: SearchColumnRefs, q: string | null | undefined): KoreanSearchSql | null {
  const parsed = parseKoreanQuery(q);
  if (!parsed) return null;
  return koreanSearchSql(cols, parsed.kind, koreanSearchValues(parsed));
}
