/**
 * A durable job queue on the database (GUIDE §3): work that happens later (deadline expiry,
 * image processing, mail, reminders) survives restarts and runs once across several server
 * instances, because a job is claimed with `FOR UPDATE SKIP LOCKED` and a lease.
 *
 * Modules register handlers by kind; `enqueue` may be called inside the caller's transaction so
 * the job exists exactly when the change that needs it commits. Recurring work (sweeps) is
 * registered with `every`, run by whichever instance polls first.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outsideRequests } from '../db/budget.ts';
import { databaseRetryAfter } from '../db/errors.ts';
import type { DbOrTx, Db } from '../db/client.ts';
import { jobs } from './schema.ts';

export type JobHandler = (payload: Record<string, unknown>, ctx: { jobId: string; attempt: number }) => Promise<void>;

export interface RegisterOptions {
  /**
   * Jobs that can run for long (a bot ladder, a feed import, a model call) go in their own lane:
   * each lane has its own poll loop, so a long job never holds up mail, notices or expiry.
   */
  lane?: string;
  /**
   * How often the lane polls when idle (default: the queue's). A lane whose jobs someone waits
   * for (live updates after a commit: docs/live.md) polls more often; only with `lane`.
   */
  pollMs?: number;
}

const DEFAULT_LANE = 'default';

const refusedByBreaker = (err: unknown) => databaseRetryAfter(err) !== undefined;

/** How a claimed job ended: done, failed and to be retried, or failed for good (dead). */
export type JobOutcome = 'done' | 'retry' | 'dead';

export interface JobRun {
  lane: string;
  kind: string;
  outcome: JobOutcome;
  durationMs: number;
  /** how late it started: claimed at minus due at (ms) */
  lagMs: number;
}

/** Told about each job run; `run` wraps the handler (a tracer opens its span around it). */
export interface JobObserver {
  finished?(run: JobRun): void;
  run?<T>(job: { lane: string; kind: string; id: string; attempt: number }, fn: () => Promise<T>): Promise<T>;
}

interface Loop {
  pollMs?: number;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

export interface EnqueueOptions {
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
}

/** One job of an `enqueueMany` batch. */
export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  opts?: EnqueueOptions;
}

export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private laneOf = new Map<string, string>();
  private recurring: { kind: string; everyMs: number; lastRun: number; fn: () => Promise<void> }[] = [];
  private loops = new Map<string, Loop>([[DEFAULT_LANE, {}]]);
  private stopped = true;
  private readonly observers = new Set<JobObserver>();
  /** jobs running now (a graceful shutdown waits for them) */
  private inFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
    /** how long until the database may be tried (its circuit breaker's Retry-After; 0: now) */
    private readonly databaseWaitMs: () => number = () => 0,
  ) {}

  register(kind: string, handler: JobHandler, opts: RegisterOptions = {}): void {
    this.handlers.set(kind, handler);
    const lane = opts.lane ?? DEFAULT_LANE;
    this.laneOf.set(kind, lane);
    if (!this.loops.has(lane)) {
      this.loops.set(lane, opts.pollMs && lane !== DEFAULT_LANE ? { pollMs: opts.pollMs } : {});
      if (!this.stopped) this.schedule(lane, 50);
    }
  }

  /** Attach an observer (metrics, traces); returns its detach. */
  observe(observer: JobObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The lane a kind runs in (`default` unless registered in its own). */
  laneFor(kind: string): string {
    return this.laneOf.get(kind) ?? DEFAULT_LANE;
  }

  /** Every lane with a poll loop. */
  lanes(): string[] {
    return [...this.loops.keys()];
  }

  /** Jobs being run right now by this process. */
  get running(): number {
    return this.inFlight;
  }

  /** Run `fn` roughly every `everyMs` (a sweep such as "expire unpaid applications"). */
  every(kind: string, everyMs: number, fn: () => Promise<void>): void {
    this.recurring.push({ kind, everyMs, lastRun: 0, fn });
  }

  async enqueue(kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}, tx: DbOrTx = this.db) {
    const rows = await tx
      .insert(jobs)
      .values({
        kind,
        payload,
        runAt: opts.runAt ?? new Date(),
        dedupeKey: opts.dedupeKey ?? null,
        maxAttempts: opts.maxAttempts ?? 5,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    this.kick(this.laneOf.get(kind) ?? DEFAULT_LANE);
    return rows[0]?.id;
  }

  /**
   * Many jobs in one statement (a study's schedule queues a reminder per session and reminder
   * time: hundreds of rows in the approving transaction). Rows whose dedupe key is taken are
   * skipped, as with `enqueue`. Returns how many were queued.
   */
  async enqueueMany(items: readonly JobSpec[], tx: DbOrTx = this.db): Promise<number> {
    if (items.length === 0) return 0;
    let queued = 0;
    // bounded statements: 500 rows × 5 parameters stays far below PostgreSQL's 65,535
    for (let i = 0; i < items.length; i += 500) {
      const rows = await tx
        .insert(jobs)
        .values(
          items.slice(i, i + 500).map(({ kind, payload, opts = {} }) => ({
            kind,
            payload,
            runAt: opts.runAt ?? new Date(),
            dedupeKey: opts.dedupeKey ?? null,
            maxAttempts: opts.maxAttempts ?? 5,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      queued += rows.length;
    }
    for (const lane of new Set(items.map((it) => this.laneOf.get(it.kind) ?? DEFAULT_LANE))) this.kick(lane);
    return queued;
  }

  start(): void {
    this.stopped = false;
    for (const lane of this.loops.keys()) this.schedule(lane, 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const loop of this.loops.values()) if (loop.timer) clearTimeout(loop.timer);
    await Promise.all([...this.loops.values()].map((l) => l.running));
  }

  /** Process every due job of every lane now (tests use this). Returns how many ran. */
  async drain(now = new Date()): Promise<number> {
    let count = 0;
    for (;;) {
      const ran = await this.runOne(now, null);
      if (!ran) break;
      count++;
    }
    return count;
  }

  private async drainLane(lane: string): Promise<void> {
    while (!this.stopped && (await this.runOne(new Date(), lane))) {
      /* next job of this lane */
    }
  }

  async runRecurring(force = false): Promise<void> {
    const now = Date.now();
    for (const r of this.recurring) {
      if (!force && now - r.lastRun < r.everyMs) continue;
      r.lastRun = now;
      try {
        await r.fn();
      } catch (err) {
        if (!refusedByBreaker(err)) this.log.error({ err, job: r.kind }, 'recurring job failed');
      }
    }
  }

  private kick(lane: string): void {
    const loop = this.loops.get(lane);
    if (loop?.timer && !this.stopped && !loop.running) this.schedule(lane, 10);
  }

  private schedule(lane: string, ms: number): void {
    const loop = this.loops.get(lane);
    if (this.stopped || !loop) return;
    if (loop.timer) clearTimeout(loop.timer);
    // A poll kicked by a request (enqueue) must not inherit that request's database budget.
    loop.timer = outsideRequests(() => setTimeout(() => this.poll(lane, loop), ms));
    loop.timer.unref();
  }

  private poll(lane: string, loop: Loop): void {
    // The database's circuit is open: no poll (each would be refused, logged and retried) until
    // a call may be tried again.
    const wait = this.databaseWaitMs();
    if (wait > 0) {
      this.schedule(lane, Math.max(wait, 50));
      return;
    }
    loop.running = (async () => {
      try {
        if (lane === DEFAULT_LANE) await this.runRecurring();
        await this.drainLane(lane);
      } catch (err) {
        // refused by the open circuit: not news (the breaker logged the outage); wait for it
        if (!refusedByBreaker(err)) this.log.error({ err, lane }, 'job poll failed');
      } finally {
        loop.running = undefined;
        this.schedule(lane, loop.pollMs ?? this.pollMs);
      }
    })();
  }

  /** Kinds that run in a lane of their own (the default lane skips them). */
  private laneKinds(lane: string): string[] {
    return [...this.laneOf].filter(([, l]) => l === lane).map(([k]) => k);
  }

  private async runOne(now: Date, lane: string | null): Promise<boolean> {
    const own = lane && lane !== DEFAULT_LANE ? this.laneKinds(lane) : [];
    const others = lane === DEFAULT_LANE ? [...this.laneOf].filter(([, l]) => l !== DEFAULT_LANE).map(([k]) => k) : [];
    const laneFilter =
      lane === null
        ? sql``
        : lane === DEFAULT_LANE
          ? others.length
            ? sql`and kind not in (${sql.join(
                others.map((k) => sql`${k}`),
                sql`, `,
              )})`
            : sql``
          : sql`and kind in (${sql.join(
              own.map((k) => sql`${k}`),
              sql`, `,
            )})`;
    const claimed = await this.db.execute<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
      lag_ms: number;
    }>(sql`
      update jobs set attempts = attempts + 1, locked_until = now() + interval '5 minutes'
      where id = (
        select id from jobs
        -- due within the millisecond of the given time (JavaScript's precision): a run_at the
        -- database wrote (now(), microseconds) in that same millisecond is due too
        where status = 'pending' and run_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
          and (locked_until is null or locked_until < now()) ${laneFilter}
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts, (extract(epoch from (now() - run_at)) * 1000)::float8 as lag_ms`);
    const job = claimed.rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    const jobLane = this.laneFor(job.kind);
    const t0 = performance.now();
    let outcome: JobOutcome = 'done';
    this.inFlight++;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const run = () => handler(job.payload, { jobId: job.id, attempt: job.attempts });
      let wrapped = run;
      for (const o of this.observers) {
        const inner = wrapped;
        if (o.run) wrapped = () => o.run!({ lane: jobLane, kind: job.kind, id: job.id, attempt: job.attempts }, inner);
      }
      await wrapped();
      await this.db.execute(sql`update jobs set status = 'done', finished_at = now(), locked_until = null where id = ${job.id}`);
    } catch (err) {
      const failed = job.attempts >= job.max_attempts;
      outcome = failed ? 'dead' : 'retry';
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      // Retry with exponential back-off, or give up after max attempts.
      await this.db.execute(sql`
        update jobs set
          status = ${failed ? 'failed' : 'pending'},
          last_error = ${String((err as Error)?.message ?? err).slice(0, 2000)},
          locked_until = null,
          run_at = now() + (${Math.min(2 ** job.attempts, 3600)} * interval '1 second'),
          finished_at = ${failed ? sql`now()` : sql`null`}
        where id = ${job.id}`);
    } finally {
      this.inFlight--;
      const report: JobRun = {
        lane: jobLane,
        kind: job.kind,
        outcome,
        durationMs: performance.now() - t0,
        lagMs: Math.max(0, Number(job.lag_ms) || 0),
      };
      for (const o of this.observers) o.finished?.(report);
    }
    return true;
  }
}
