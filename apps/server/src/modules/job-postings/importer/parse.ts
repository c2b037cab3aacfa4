/**
 * Reading an import's items: CSV (csv-parse; a malformed row is reported on its line and the
 * rest go on), JSON (an array of postings, or `{postings: [...]}`), and RSS/Atom/RDF/JSON Feed of
 * a careers page (feedsmith), decoded from UTF-8 or EUC-KR first.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { parseFeed } from 'feedsmith';
import sanitizeHtml from 'sanitize-html';
import { encodeNote, ImportFailure } from './notes.ts';

export interface ParsedItem {
  position: number;
  record: unknown;
}
export interface ParsedBatch {
  items: ParsedItem[];
  /** rows that could not even be read, with why (an encoded note, notes.ts) */
  unreadable: Array<{ position: number; reason: string }>;
}

/** More items than this in one run are refused (the run fails with a reason). */
export const MAX_ITEMS_PER_RUN = 5_000;

function tooMany(n: number): never {
  throw new ImportFailure({ code: 'TOO_MANY_ITEMS', params: { max: MAX_ITEMS_PER_RUN, count: n } });
}

/** A library's own words about what it could not read (technical detail, kept short). */
const detailOf = (err: unknown) => String((err as Error | undefined)?.message ?? err).slice(0, 300);

/** CSV with a header row; positions are line numbers as a spreadsheet shows them (header = 1). */
export function readCsv(text: string): ParsedBatch {
  const unreadable: ParsedBatch['unreadable'] = [];
  const rows = parseCsv(text, {
    columns: (header: string[]) => header.map((h) => h.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '_')),
    bom: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    relax_quotes: true,
    skip_records_with_error: true,
    on_skip: (err: { code?: string; lines?: number; message?: string } | undefined) => {
      const reason =
        err?.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || err?.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
          ? encodeNote({ code: 'COLUMN_COUNT' })
          : encodeNote({ code: 'CSV_ERROR', params: { detail: detailOf(err?.message ?? 'unreadable row') } });
      unreadable.push({ position: err?.lines ?? 0, reason });
    },
  }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  if (rows.length + unreadable.length > MAX_ITEMS_PER_RUN) tooMany(rows.length + unreadable.length);
  return { items: rows.map((r) => ({ position: r.info.lines, record: r.record })), unreadable };
}

/** JSON: an array of postings, or an object with `postings` (or `items`). */
export function readJson(text: string): ParsedBatch {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportFailure({ code: 'JSON_UNREADABLE', params: { detail: detailOf(err) } }, { cause: err });
  }
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object'
      ? ((doc as Record<string, unknown>).postings ?? (doc as Record<string, unknown>).items)
      : undefined;
  if (!Array.isArray(list)) throw new ImportFailure({ code: 'JSON_NO_LIST' });
  if (list.length > MAX_ITEMS_PER_RUN) tooMany(list.length);
  return { items: list.map((record, i) => ({ position: i + 1, record })), unreadable: [] };
}

// ---------------------------------------------------------------------------------------------
// Feeds

/** The charset a feed declares (Content-Type first, then the XML declaration), lower case. */
export function declaredCharset(contentType: string | null, body: Uint8Array): string | null {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const head = new TextDecoder('latin1').decode(body.subarray(0, 200));
  return /<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? null;
}

const EUC_KR = new Set(['euc-kr', 'euckr', 'cp949', 'ks_c_5601-1987', 'ks_c_5601', 'x-windows-949', 'windows-949', 'uhc']);

/** Bytes to text: the configured encoding, else the declared one, else UTF-8. */
export function decodeFeed(body: Uint8Array, contentType: string | null, encoding: 'auto' | 'utf-8' | 'euc-kr'): string {
  const charset = encoding !== 'auto' ? encoding : declaredCharset(contentType, body);
  const label = charset && EUC_KR.has(charset) ? 'euc-kr' : 'utf-8';
  return new TextDecoder(label).decode(body);
}

/** HTML of a feed item → plain text with paragraph breaks. */
export function htmlToText(html: string | undefined): string {
  if (!html) return '';
  const marked = html.replace(/<\s*(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();
}

interface FeedEntry {
  title?: string;
  link?: string;
  description?: string;
  content?: string;
  published?: string;
  categories: string[];
}

const dateText = (v: unknown): string | undefined => (typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : undefined);

function entriesOf(feed: ReturnType<typeof parseFeed>): FeedEntry[] {
  switch (feed.format) {
    case 'rss':
    case 'rdf':
      return (feed.feed.items ?? []).map((i) => {
        const item = i as Record<string, unknown> & { content?: { encoded?: string }; categories?: Array<{ name?: string }> };
        return {
          title: item.title as string | undefined,
          link: (item.link as string | undefined) ?? (item.guid as { value?: string } | undefined)?.value ?? undefined,
          description: item.description as string | undefined,
          content: item.content?.encoded,
          published: dateText(item.pubDate) ?? dateText((item.dc as { date?: unknown } | undefined)?.date),
          categories: (item.categories ?? []).map((c) => c.name ?? '').filter(Boolean),
        };
      });
    case 'atom':
      return (feed.feed.entries ?? []).map((e) => ({
        title: e.title?.value,
        link: (e.links ?? []).find((l) => !l.rel || l.rel === 'alternate')?.href ?? e.links?.[0]?.href ?? e.id,
        description: e.summary?.value,
        content: e.content?.value,
        published: dateText(e.published ?? e.updated),
        categories: (e.categories ?? []).map((c) => c.label ?? c.term ?? '').filter(Boolean),
      }));
    case 'json':
      return (feed.feed.items ?? []).map((i) => ({
        title: i.title,
        link: i.url ?? i.id,
        description: i.summary,
        content: i.content_html ?? i.content_text,
        published: dateText(i.date_published),
        categories: i.tags ?? [],
      }));
  }
}

/** ISO date of a feed date (RFC 822 or ISO), or undefined. */
function isoDate(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * A careers-page feed: each entry becomes a posting of `companyName`; its categories and the
 * catalogue's skill names found in the text (`findSkills`) become its skills; 신입/경력/원격 in the
 * title or text set the level and mode.
 */
export function readFeed(text: string, companyName: string, findSkills: (text: string) => string[]): ParsedBatch {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(text);
  } catch (err) {
    throw new ImportFailure({ code: 'FEED_UNREADABLE', params: { detail: detailOf(err) } }, { cause: err });
  }
  const entries = entriesOf(feed);
  if (entries.length > MAX_ITEMS_PER_RUN) tooMany(entries.length);
  return {
    items: entries.map((e, i) => {
      const body = htmlToText(e.content ?? e.description);
      const all = `${e.title ?? ''}\n${body}`;
      const level = /신입|new ?grad|entry/i.test(all) ? 'ENTRY' : /경력\s*무관/.test(all) ? 'ANY' : undefined;
      const mode = /원격|재택|remote/i.test(all) ? 'REMOTE' : /하이브리드|hybrid/i.test(all) ? 'HYBRID' : undefined;
      const intern = /인턴|intern/i.test(e.title ?? '') ? 'INTERN' : undefined;
      return {
        position: i + 1,
        record: {
          company: { name: companyName },
          title: e.title?.trim(),
          description: body,
          sourceUrl: e.link?.trim(),
          postedAt: isoDate(e.published),
          requiredSkills: [...new Set([...e.categories, ...findSkills(all)])],
          ...(level ? { experienceLevel: level } : {}),
          ...(mode ? { workMode: mode } : {}),
          ...(intern ? { employmentType: intern } : {}),
          location: mode === 'REMOTE' ? '원격' : '',
        },
      };
    }),
    unreadable: [],
  };
}
