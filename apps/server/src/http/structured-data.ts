/**
 * The structured data (schema.org JSON-LD, packages/contract/src/structured-data.ts) of the pages
 * search engines index, written into the HTML this server sends so a crawler reads it without
 * running the app: a study's and a job posting's server-rendered pages get their Course or Event
 * and JobPosting from the data they were rendered with; a posting's page sent as the shell (an
 * English reader, no build to render with) gets its JobPosting from the API's public answer, read
 * as a guest. Anything missing: no element.
 */
import { jobPostingLd, jsonLdScript, studyLd, type JobPostingDetail, type Study } from '@moim/contract';
import type { FastifyInstance } from 'fastify';

type QueryEntry = [key: readonly unknown[], data: unknown, error?: unknown];

const POSTING_PAGE = /^\/ignition\/navigator\/([0-9a-f-]{36})$/i;

/** `html` with `elements` placed just before `</head>` (unchanged without either). */
export function withHeadElements(html: string, elements: string): string {
  if (!elements) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + elements + html.slice(at);
}

export function createStructuredData(app: FastifyInstance, publicUrl: string) {
  const origin = publicUrl.replace(/\/$/, '');
  return {
    /** For a server-rendered page: its pattern and the data it was rendered with. */
    forRendered(pattern: string, entries: readonly QueryEntry[]): string {
      if (pattern === '/ignition/navigator/:jobId') {
        const posting = entries[0]?.[1] as JobPostingDetail | undefined;
        if (!posting || typeof posting !== 'object' || typeof posting.id !== 'string') return '';
        return jsonLdScript(jobPostingLd(posting, `${origin}/ignition/navigator/${posting.id}`));
      }
      if (pattern !== '/study/:studyIdentifier') return '';
      const study = entries[0]?.[1] as Study | undefined;
      if (!study || typeof study !== 'object' || typeof study.slug !== 'string') return '';
      return jsonLdScript(studyLd(study, `${origin}/study/${encodeURIComponent(study.slug)}`, origin));
    },
    /** For a page the app draws itself (the shell is sent): a job posting's page. */
    async forShell(path: string): Promise<string> {
      const m = POSTING_PAGE.exec(path);
      if (!m) return '';
      const res = await app.inject({ method: 'GET', url: `/api/job-postings/${m[1]}`, headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) return '';
      const posting = (res.json() as { data?: JobPostingDetail }).data;
      return posting ? jsonLdScript(jobPostingLd(posting, `${origin}/ignition/navigator/${posting.id}`)) : '';
    },
  };
}

export type StructuredData = ReturnType<typeof createStructuredData>;
