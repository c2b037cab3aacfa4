/**
 * Imports as jobs on the database queue (issue 15): an uploaded CSV or JSON file, or a feed
 * source (JSON of postings, RSS/Atom of a careers page) fetched through the injected FeedFetcher.
 * Each run keeps a report: created, updated, unchanged, and rejected items with the reason per
 * item. A bad item never fails the batch; only an unreadable file or feed fails the run.
 */
import { jobPostingInput, toPage, type ImportRun, type ImportRunItem, type ImportUploadInput, type Page } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { resolveCompany, type SkillCatalogue } from './catalogue-repo.ts';
import * as runs from './import-repo.ts';
import { MAX_FEED_BYTES, type FeedFetcher } from './importer/fetcher.ts';
import { toPostingCandidate } from './importer/normalise.ts';
import { encodeNote, ImportFailure, invalidNote, renderNote, type ImportNote } from './importer/notes.ts';
import { decodeFeed, readCsv, readFeed, readJson, type ParsedBatch } from './importer/parse.ts';
import { preparePosting, upsertPosting } from './posting-repo.ts';
import type { JobCompanyRow, JobImportRunRow, JobImportSourceRow } from './schema.ts';

export const IMPORT_JOB = 'job-postings.import';

type Outcome = ImportRunItem['outcome'];
interface ItemReport {
  position: number;
  outcome: Outcome;
  sourceUrl: string | null;
  title: string | null;
  postingId: string | null;
  reason: string | null;
}

export interface UserNames {
  names(ids: string[]): Promise<Map<string, string>>;
}

/** Why a feed could not be fetched, for the run report (FetchError codes of providers/fetch). */
function fetchFailure(err: unknown): ImportNote {
  const e = err as { code?: string; status?: number; message?: string };
  const detail = String(e.message ?? err).slice(0, 300);
  switch (e.code) {
    case 'HTTP_STATUS':
      return { code: 'HTTP_STATUS', params: { status: e.status ?? 0 } };
    case 'BLOCKED_ADDRESS':
    case 'BLOCKED_PORT':
      return { code: 'BLOCKED_ADDRESS', params: { reason: e.code } };
    case 'TIMEOUT':
      return { code: 'FEED_TIMEOUT' };
    case 'TOO_LARGE':
      return { code: 'FEED_TOO_LARGE' };
    case 'BAD_CONTENT_TYPE':
      return { code: 'BAD_CONTENT_TYPE', params: { detail } };
    default:
      return { code: 'FETCH_FAILED', params: { detail: e.code ? `${detail} (${e.code})` : detail } };
  }
}

/** Text safe to store in a report (the item itself may carry NUL or broken surrogates). */
/* eslint-disable no-control-regex */
const UNPRINTABLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

export function printable(s: string): string {
  return s.replace(UNPRINTABLE, '\ufffd');
}

/** A run as the admin reads it: its failure said in the reader's language. */
export function toRun(r: JobImportRunRow, requester: { id: string; name: string } | null, locale: Locale = 'ko'): ImportRun {
  return {
    id: r.id,
    sourceId: r.sourceId,
    sourceName: r.sourceName,
    format: r.format,
    origin: r.origin,
    status: r.status,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    rejected: r.rejected,
    error: renderNote(r.error, locale),
    requestedBy: requester,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export class ImportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: SkillCatalogue,
    private readonly fetcher: FeedFetcher,
    private readonly users: UserNames,
    /** clears the public read caches (caches.ts) after a posting was written */
    private readonly changed: () => void = () => undefined,
  ) {}

  async view(run: JobImportRunRow, locale: Locale = 'ko'): Promise<ImportRun> {
    const names = run.requestedBy ? await this.users.names([run.requestedBy]) : new Map<string, string>();
    return toRun(run, run.requestedBy ? { id: run.requestedBy, name: names.get(run.requestedBy) ?? '' } : null, locale);
  }

  /** An uploaded file becomes a queued run (and its job, in the same transaction). */
  async upload(admin: AuthUser, input: ImportUploadInput): Promise<ImportRun> {
    const run = await this.ctx.db.transaction(async (tx) => {
      const r = await runs.insertRun(tx, { format: input.format, origin: input.fileName, content: input.content, requestedBy: admin.id });
      await this.ctx.jobs.enqueue(IMPORT_JOB, { runId: r.id }, { dedupeKey: `import:${r.id}` }, tx);
      return r;
    });
    return this.view(run);
  }

  /** Import records right now (the demo seeder, before the queue runs), with the same run report. */
  async importNow(origin: string, records: unknown[], requestedBy: string | null): Promise<ImportRun> {
    const run = await runs.insertRun(this.ctx.db, { format: 'JSON', origin, requestedBy });
    await runs.claimRun(this.ctx.db, run.id);
    const counts = await this.writeAll(run.id, { items: records.map((record, i) => ({ position: i + 1, record })), unreadable: [] }, null);
    await runs.finishRun(this.ctx.db, run.id, { status: 'SUCCEEDED', ...counts });
    return this.get(run.id);
  }

  /** Queue a run of a feed source. */
  async runSource(source: JobImportSourceRow, requestedBy: string | null, tx: DbOrTx = this.ctx.db): Promise<JobImportRunRow> {
    const r = await runs.insertRun(tx, {
      sourceId: source.id,
      sourceName: source.name,
      format: source.format,
      origin: source.url,
      requestedBy,
    });
    await this.ctx.jobs.enqueue(IMPORT_JOB, { runId: r.id }, { dedupeKey: `import:${r.id}` }, tx);
    return r;
  }

  /** The scheduler: each enabled source runs at most once per 23 hours. */
  async runDueSources(now = new Date()): Promise<number> {
    let queued = 0;
    for (const s of await runs.enabledSources(this.ctx.db)) {
      const done = await this.ctx.db.transaction(async (tx) => {
        await runs.lockSource(tx, s.id);
        const last = await runs.lastRunOf(tx, s.id);
        if (last && now.getTime() - last.createdAt.getTime() < 23 * 3600_000) return false;
        await this.runSource(s, null, tx);
        return true;
      });
      if (done) queued++;
    }
    return queued;
  }

  async get(id: string, locale: Locale = 'ko'): Promise<ImportRun> {
    const run = await runs.findRun(this.ctx.db, id);
    if (!run) throw notFound('jobs.importRunNotFound');
    return this.view(run, locale);
  }

  async list(q: { page: number; size: number; sourceId?: string | undefined }, locale: Locale = 'ko'): Promise<Page<ImportRun>> {
    const { rows, total } = await runs.listRuns(this.ctx.db, q);
    const names = await this.users.names([...new Set(rows.flatMap((r) => (r.requestedBy ? [r.requestedBy] : [])))]);
    return toPage(
      rows.map((r) => toRun(r, r.requestedBy ? { id: r.requestedBy, name: names.get(r.requestedBy) ?? '' } : null, locale)),
      total,
      q,
    );
  }

  async items(
    runId: string,
    q: { page: number; size: number; outcome?: Outcome | undefined },
    locale: Locale = 'ko',
  ): Promise<Page<ImportRunItem>> {
    if (!(await runs.findRun(this.ctx.db, runId))) throw notFound('jobs.importRunNotFound');
    const { rows, total } = await runs.listRunItems(this.ctx.db, runId, q);
    return toPage(
      rows.map((r) => ({
        position: r.position,
        outcome: r.outcome,
        sourceUrl: r.sourceUrl,
        title: r.title,
        postingId: r.postingId,
        reason: renderNote(r.reason, locale),
      })),
      total,
      q,
    );
  }

  /** The job: read the run's items, write each one, keep the report. */
  async process(runId: string): Promise<void> {
    const run = await runs.claimRun(this.ctx.db, runId);
    if (!run) return; // finished already (a duplicate delivery)
    let batch: ParsedBatch;
    let source: JobImportSourceRow | undefined;
    try {
      if (run.sourceId) source = await runs.findSource(this.ctx.db, run.sourceId);
      batch = await this.read(run, source);
    } catch (err) {
      const note: ImportNote =
        err instanceof ImportFailure
          ? err.note
          : { code: 'READ_FAILED', params: { detail: String((err as Error).message ?? err).slice(0, 300) } };
      await runs.finishRun(this.ctx.db, run.id, {
        status: 'FAILED',
        error: printable(encodeNote(note)),
        created: 0,
        updated: 0,
        unchanged: 0,
        rejected: 0,
      });
      this.ctx.log.warn({ err, runId }, 'job postings import failed');
      return;
    }
    const counts = await this.writeAll(run.id, batch, source?.id ?? null);
    await runs.finishRun(this.ctx.db, run.id, { status: 'SUCCEEDED', ...counts });
  }

  private async read(run: JobImportRunRow, source: JobImportSourceRow | undefined): Promise<ParsedBatch> {
    if (!run.sourceId) {
      const content = run.content ?? '';
      return run.format === 'CSV' ? readCsv(content) : readJson(content);
    }
    if (!source) throw new ImportFailure({ code: 'SOURCE_DELETED' });
    const doc = await this.fetcher.fetchUrl(source.url).catch((err: unknown) => {
      throw new ImportFailure(fetchFailure(err), { cause: err });
    });
    if (doc.status < 200 || doc.status > 299) throw new ImportFailure({ code: 'HTTP_STATUS', params: { status: doc.status } });
    if (doc.body.byteLength > MAX_FEED_BYTES) throw new ImportFailure({ code: 'FEED_TOO_LARGE' });
    const text = decodeFeed(doc.body, doc.contentType, source.encoding);
    if (source.format === 'JSON') return readJson(text);
    const skills = await this.skillFinder();
    return readFeed(text, source.companyName || source.name, skills);
  }

  /** Catalogue names and aliases (3+ characters) found in a text, as skill ids. */
  private async skillFinder(): Promise<(text: string) => string[]> {
    const list = await this.catalogue.list();
    const terms: Array<{ id: string; re: RegExp }> = [];
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const s of list) {
      for (const term of [s.name, ...s.aliases]) {
        if (term.length < 3) continue;
        // ASCII boundaries only: Korean particles attach to words ("Kotlin과", "스프링으로")
        terms.push({ id: s.id, re: new RegExp(`(?<![A-Za-z0-9])${esc(term)}(?![A-Za-z0-9])`, 'i') });
      }
    }
    return (text) => [...new Set(terms.filter((t) => t.re.test(text)).map((t) => t.id))];
  }

  /** Write every item in its own transaction; report outcomes. Also used by the demo seeder. */
  async writeAll(runId: string, batch: ParsedBatch, sourceId: string | null) {
    const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    const reports: ItemReport[] = batch.unreadable.map((u) => ({
      position: u.position,
      outcome: 'REJECTED',
      sourceUrl: null,
      title: null,
      postingId: null,
      reason: u.reason,
    }));
    counts.rejected += batch.unreadable.length;
    const seen = new Map<string, number>();
    const companies = new Map<string, JobCompanyRow>();
    await this.catalogue.ready();
    let n = 0;
    // the read caches are cleared with each progress step and at the end (not per item: one
    // message to the other instances per 25 items); a page cached meanwhile shows the run partway
    let written = false;
    for (const item of batch.items) {
      const report = await this.writeOne(item.position, item.record, sourceId, seen, companies);
      reports.push(report);
      written ||= report.outcome === 'CREATED' || report.outcome === 'UPDATED';
      counts[report.outcome.toLowerCase() as keyof typeof counts]++;
      if (++n % 25 === 0) {
        await runs.updateRunCounts(this.ctx.db, runId, counts); // progress for the admin page
        if (written) this.changed();
        written = false;
      }
    }
    if (written) this.changed();
    reports.sort((a, b) => a.position - b.position);
    await runs.insertRunItems(
      this.ctx.db,
      reports.map((r) => ({ runId, ...r })),
    );
    return counts;
  }

  private async writeOne(
    position: number,
    record: unknown,
    sourceId: string | null,
    seen: Map<string, number>,
    companies: Map<string, JobCompanyRow>,
  ): Promise<ItemReport> {
    const candidate = toPostingCandidate(record);
    const c = candidate as { title?: unknown; sourceUrl?: unknown } | null;
    const base = {
      position,
      sourceUrl: typeof c?.sourceUrl === 'string' ? printable(c.sourceUrl.slice(0, 2000)) : null,
      title: typeof c?.title === 'string' ? printable(c.title.slice(0, 200)) : null,
    };
    const parsed = jobPostingInput.safeParse(candidate);
    if (!parsed.success) return { ...base, outcome: 'REJECTED', postingId: null, reason: encodeNote(invalidNote(parsed.error)) };
    const data = parsed.data;
    const dup = seen.get(data.sourceUrl);
    if (dup !== undefined)
      return {
        ...base,
        outcome: 'REJECTED',
        postingId: null,
        reason: encodeNote({ code: 'DUPLICATE_IN_FILE', params: { position: dup } }),
      };
    seen.set(data.sourceUrl, position);
    try {
      const written = await this.ctx.db.transaction(async (tx) => {
        // the same company input within a run resolves once (a feed repeats its company on every item)
        const company = companies.get(JSON.stringify(data.company)) ?? (await resolveCompany(tx, data.company));
        const required = await this.catalogue.resolve(tx, data.requiredSkills);
        const preferred = await this.catalogue.resolve(tx, data.preferredSkills);
        const written = await upsertPosting(tx, preparePosting(data, company, { required, preferred }, this.catalogue, { sourceId }));
        return { ...written, company };
      });
      companies.set(JSON.stringify(data.company), written.company);
      return { ...base, outcome: written.outcome, postingId: written.id, reason: null };
    } catch (err) {
      this.ctx.log.warn({ err, position }, 'import item could not be written');
      return {
        ...base,
        outcome: 'REJECTED',
        postingId: null,
        reason: printable(encodeNote({ code: 'SAVE_FAILED', params: { detail: String((err as Error).message ?? err).slice(0, 300) } })),
      };
    }
  }
}
