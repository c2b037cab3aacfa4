/** Helpers for the navigator's integration tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import type { JobPostingInput } from '@moim/contract';
import type { TestApp } from '../../../test/support.ts';
import type { ServerModule } from '../types.ts';
import type { JobPostingsApi } from './index.ts';

export { createUser, type TestUser } from '../studies/test-helpers.ts';

export function jobsApi(t: TestApp): JobPostingsApi {
  const mod = t.app.modules.find((m) => m.name === 'job-postings') as ServerModule<JobPostingsApi> | undefined;
  if (!mod) throw new Error('job-postings module not composed');
  return mod.api;
}

let seq = 0;
/** A valid posting; every call gets its own source URL. */
export function posting(over: Partial<JobPostingInput> = {}): JobPostingInput {
  seq++;
  return {
    company: { name: '테스트컴퍼니' },
    title: `테스트 공고 ${seq}`,
    employmentType: 'FULL_TIME',
    experienceLevel: 'JUNIOR',
    location: '서울 강남구',
    workMode: 'ONSITE',
    requiredSkills: [],
    preferredSkills: [],
    sourceUrl: `https://careers.example.com/t/${randomBytes(4).toString('hex')}-${seq}`,
    ...over,
  };
}

/** Upload `content` as an import, run the queue, return the finished run. */
export async function importFile(
  t: TestApp,
  admin: { headers: Record<string, string> },
  format: 'CSV' | 'JSON',
  content: string,
  fileName = `upload.${format.toLowerCase()}`,
) {
  const r = await t.call({
    method: 'POST',
    url: '/api/admin/job-postings/imports',
    headers: admin.headers,
    payload: { format, fileName, content },
  });
  if (r.status !== 202) throw new Error(`import refused: ${r.status} ${JSON.stringify(r.body)}`);
  await t.ctx.jobs.drain();
  const run = await t.call({ method: 'GET', url: `/api/admin/job-postings/runs/${r.body.data.id}`, headers: admin.headers });
  return run.body.data as {
    id: string;
    status: string;
    created: number;
    updated: number;
    unchanged: number;
    rejected: number;
    error: string | null;
  };
}

export async function importPostings(t: TestApp, admin: { headers: Record<string, string> }, items: JobPostingInput[]) {
  return importFile(t, admin, 'JSON', JSON.stringify({ postings: items }));
}

export async function runItems(t: TestApp, admin: { headers: Record<string, string> }, runId: string, outcome?: string) {
  const r = await t.call({
    method: 'GET',
    url: `/api/admin/job-postings/runs/${runId}/items?size=100${outcome ? `&outcome=${outcome}` : ''}`,
    headers: admin.headers,
  });
  return r.body.data.content as Array<{
    position: number;
    outcome: string;
    sourceUrl: string | null;
    reason: string | null;
    postingId: string | null;
  }>;
}

/** GET /api/job-postings with a query string; returns the page. */
export async function search(t: TestApp, qs: string, who?: { headers: Record<string, string> }) {
  const r = await t.call({ method: 'GET', url: `/api/job-postings?${qs}`, headers: who?.headers });
  if (r.status !== 200) throw new Error(`search ${qs}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { content: Array<Record<string, any>>; totalElements: number; totalPages: number; number: number };
}
