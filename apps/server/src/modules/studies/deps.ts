/** What the studies services share: the app context, a clock, the read caches. */
import type { StudyViewer } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { ReadCache } from './read-cache.ts';

export type Clock = () => Date;

export class StudyCaches {
  /** public list pages and arrays as envelope JSON, keyed by the normalized query */
  readonly lists = new ReadCache<string>();
  /** the guest view of a study by slug, as envelope JSON */
  readonly bySlug = new ReadCache<string>();
  setTtl(ms: number): void {
    this.lists.setTtl(ms);
    this.bySlug.setTtl(ms);
  }
  invalidate(): void {
    this.lists.clear();
    this.bySlug.clear();
  }
}

export interface StudyDeps {
  ctx: AppContext;
  clock: Clock;
  caches: StudyCaches;
}

export type { StudyViewer };

/** A unique-index violation (23505), optionally of a named index. */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (x.code === '23505') return !index || x.constraint === index || (x.message ?? '').includes(index);
  }
  return false;
}
