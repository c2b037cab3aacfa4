/**
 * Prometheus metrics (docs/observability.md "Metrics"): one registry per process, built only when
 * METRICS_PORT or METRICS_TOKEN is set (otherwise nothing is observed and nothing costs).
 *
 * Push-style families (requests, statements, checkouts, jobs) are fed by hooks and observers as
 * things happen; state (pool, breaker, queue backlog, Redis, session cache) is read at scrape time.
 * Every family is documented, with what normal looks like and the alerts to set, in
 * docs/operations.md: a new one goes there too.
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { SessionCache } from '../http/session-cache.ts';
import type { RedisProvider } from '../providers/redis/index.ts';
import type { LiveStats } from '../live/hub.ts';

/** What the metrics read: the platform's parts (AppContext satisfies it). */
export interface MetricSources {
  database: Database;
  jobs: JobQueue;
  sessions: SessionCache;
  redis: RedisProvider;
  /** the live channel (live/hub.ts) */
  live?: { readonly sockets: number; readonly stats: LiveStats };
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
const LAG_SECONDS = [0.05, 0.1, 0.5, 1, 2, 5, 15, 60, 300, 3600];
const BREAKER_STATES = ['closed', 'half-open', 'open'] as const;
/** the route label of a request that matched no route (never the raw URL: unbounded labels) */
export const UNMATCHED_ROUTE = '(unmatched)';

interface QueueSnapshot {
  lanes: Map<string, { backlog: number; oldestSeconds: number }>;
  outbox: { backlog: number; oldestSeconds: number };
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly httpInFlight: Gauge;
  private readonly detach: (() => void)[] = [];
  private queueRead: { at: number; snapshot: Promise<QueueSnapshot | null> } | null = null;

  constructor(private readonly src: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.httpDuration = new Histogram({
      name: 'moim_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status: time to the response (its _count counts requests)',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    });
    this.httpInFlight = new Gauge({ name: 'moim_http_requests_in_flight', help: 'Requests being answered now', registers });

    // database: pool, checkouts, statements, breaker
    const { database } = src;
    new Gauge({
      name: 'moim_db_pool_connections',
      help: 'Database pool connections by state (busy: checked out; idle; max: the pool size)',
      labelNames: ['state'],
      registers,
      collect() {
        const p = database.poolState();
        this.set({ state: 'busy' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'max' }, p.max);
      },
    });
    new Gauge({
      name: 'moim_db_pool_waiting',
      help: 'Callers waiting for a database connection now',
      registers,
      collect() {
        this.set(database.poolState().waiting);
      },
    });
    const checkoutWait = new Histogram({
      name: 'moim_db_checkout_wait_seconds',
      help: 'Time waited for a database connection, by outcome (ok; refused: breaker open, request budget spent, time-out)',
      labelNames: ['outcome'],
      buckets: DB_SECONDS,
      registers,
    });
    const statementDuration = new Histogram({
      name: 'moim_db_statement_duration_seconds',
      help: 'Database statements by outcome (ok; timeout: statement_timeout or no answer in time; error): duration',
      labelNames: ['outcome'],
      buckets: DB_SECONDS,
      registers,
    });
    this.detach.push(
      database.probe.observe({
        checkout: (ms, outcome) => checkoutWait.observe({ outcome }, ms / 1000),
        statement: (r) => statementDuration.observe({ outcome: r.outcome }, r.durationMs / 1000),
      }),
    );
    new Gauge({
      name: 'moim_db_breaker_state',
      help: "The database circuit breaker's state: 1 for the current one (closed, half-open, open); none for the embedded database",
      labelNames: ['state'],
      registers,
      collect() {
        const breaker = database.breaker;
        if (!breaker) return;
        const now = breaker.state();
        for (const s of BREAKER_STATES) this.set({ state: s }, s === now ? 1 : 0);
      },
    });

    // job queue and outbox
    const { jobs } = src;
    const jobRuns = new Counter({
      name: 'moim_jobs_total',
      help: 'Jobs run by this process, by lane and outcome (done; retry: failed, will be retried; dead: failed for good)',
      labelNames: ['lane', 'outcome'],
      registers,
    });
    const jobDuration = new Histogram({
      name: 'moim_job_duration_seconds',
      help: 'Job run time by lane',
      labelNames: ['lane'],
      buckets: JOB_SECONDS,
      registers,
    });
    const jobLag = new Histogram({
      name: 'moim_job_start_lag_seconds',
      help: 'How late jobs started, by lane: claimed at minus due at',
      labelNames: ['lane'],
      buckets: LAG_SECONDS,
      registers,
    });
    this.detach.push(
      jobs.observe({
        finished: (run) => {
          jobRuns.inc({ lane: run.lane, outcome: run.outcome });
          jobDuration.observe({ lane: run.lane }, run.durationMs / 1000);
          jobLag.observe({ lane: run.lane }, run.lagMs / 1000);
        },
      }),
    );
    const snapshot = () => this.queueSnapshot();
    new Gauge({
      name: 'moim_jobs_backlog',
      help: 'Jobs due and not yet run, by lane (all instances: read from the jobs table at scrape)',
      labelNames: ['lane'],
      registers,
      async collect() {
        const s = await snapshot();
        if (!s) return;
        this.reset();
        for (const lane of jobs.lanes()) this.set({ lane }, s.lanes.get(lane)?.backlog ?? 0);
      },
    });
    new Gauge({
      name: 'moim_jobs_oldest_due_seconds',
      help: 'Age of the oldest job due and not yet run, by lane (0 when none)',
      labelNames: ['lane'],
      registers,
      async collect() {
        const s = await snapshot();
        if (!s) return;
        this.reset();
        for (const lane of jobs.lanes()) this.set({ lane }, s.lanes.get(lane)?.oldestSeconds ?? 0);
      },
    });
    new Gauge({
      name: 'moim_outbox_backlog',
      help: 'Domain events waiting for delivery (outbox rows due and not yet handled)',
      registers,
      async collect() {
        const s = await snapshot();
        if (s) this.set(s.outbox.backlog);
      },
    });
    new Gauge({
      name: 'moim_outbox_lag_seconds',
      help: 'Age of the oldest domain event waiting for delivery (0 when none)',
      registers,
      async collect() {
        const s = await snapshot();
        if (s) this.set(s.outbox.oldestSeconds);
      },
    });

    // Redis and the session cache
    const { redis, sessions } = src;
    if (redis.configured) {
      new Gauge({
        name: 'moim_redis_up',
        help: 'Redis link usable (1) or not (0); absent without REDIS_URL',
        registers,
        collect() {
          this.set(redis.isUp() ? 1 : 0);
        },
      });
    }
    new Counter({
      name: 'moim_redis_fallbacks_total',
      help: 'Calls that meant to use Redis and were answered by their fallback (memory, the database)',
      registers,
      collect() {
        this.reset();
        this.inc(redis.fallbacks);
      },
    });
    new Counter({
      name: 'moim_session_cache_lookups_total',
      help: 'Per-request session checks by result (hit: from the cache; miss: read from the database)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, sessions.stats.hits);
        this.inc({ result: 'miss' }, sessions.stats.misses);
      },
    });

    // the live channel
    const { live } = src;
    if (live) {
      new Gauge({
        name: 'moim_live_sockets',
        help: 'Live channel sockets open on this instance',
        registers,
        collect() {
          this.set(live.sockets);
        },
      });
      new Counter({
        name: 'moim_live_messages_sent_total',
        help: 'Messages this instance handed to live sockets (events, answers, status)',
        registers,
        collect() {
          this.reset();
          this.inc(live.stats.sent);
        },
      });
      new Counter({
        name: 'moim_live_sockets_dropped_total',
        help: 'Live sockets cut by the server, by reason (slow: send queue full; dead: no pong; rate: too many messages)',
        labelNames: ['reason'],
        registers,
        collect() {
          this.reset();
          for (const reason of ['slow', 'dead', 'rate'] as const) this.inc({ reason }, live.stats.dropped[reason]);
        },
      });
    }
  }

  /** The exposition text (Prometheus text format). */
  async text(): Promise<string> {
    this.queueRead = null; // one queue read per scrape
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Stop observing (the process is closing). */
  close(): void {
    for (const d of this.detach.splice(0)) d();
  }

  /** Due, pending jobs per kind in one statement, folded into lanes and the outbox (`event:` kinds). */
  private queueSnapshot(): Promise<QueueSnapshot | null> {
    if (this.queueRead && Date.now() - this.queueRead.at < 1_000) return this.queueRead.snapshot;
    const read = async (): Promise<QueueSnapshot | null> => {
      try {
        const r = await this.src.database.db.execute<{ kind: string; n: number; age: number }>(sql`
          select kind, count(*)::int as n, coalesce(extract(epoch from (now() - min(run_at))), 0)::float8 as age
          from jobs where status = 'pending' and run_at <= now() group by kind`);
        const lanes = new Map<string, { backlog: number; oldestSeconds: number }>();
        const outbox = { backlog: 0, oldestSeconds: 0 };
        for (const row of r.rows) {
          const n = Number(row.n);
          const age = Math.max(0, Number(row.age));
          const lane = this.src.jobs.laneFor(row.kind);
          const l = lanes.get(lane) ?? { backlog: 0, oldestSeconds: 0 };
          l.backlog += n;
          l.oldestSeconds = Math.max(l.oldestSeconds, age);
          lanes.set(lane, l);
          if (row.kind.startsWith('event:')) {
            outbox.backlog += n;
            outbox.oldestSeconds = Math.max(outbox.oldestSeconds, age);
          }
        }
        return { lanes, outbox };
      } catch {
        return null; // the database is away: the queue gauges are left out of this scrape
      }
    };
    this.queueRead = { at: Date.now(), snapshot: read() };
    return this.queueRead.snapshot;
  }
}
