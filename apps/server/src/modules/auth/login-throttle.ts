/**
 * Password guessing, throttled per (account, client address) pair: a wrong password from one
 * address never locks the owner out on another (docs/accounts-factors.md "Login throttling", measured
 * against the OWASP Authentication Cheat Sheet). Per pair, within a 15-minute window:
 * - after the n-th failure the pair waits base·2^(n-1) before it may try again (1, 2, 4, 8 s by
 *   default: invisible to someone retyping, a wall for a script);
 * - the 6th attempt without a success in between is refused until the window ends;
 * - a correct password clears both.
 * The per-address limit (every attempt, any account) stays in front of this, in the route.
 * Refusals are 429 BIZ-3004 with Retry-After and are decided before the password is checked.
 */
import { AppError } from '../../http/app-error.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';

const MIN = 60_000;
export const LOGIN_PAIR_POLICY = {
  /** password checks per (account, address) pair without a success in between */
  attempts: 5,
  windowMs: 15 * MIN,
} as const;

export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    /** first progressive delay (doubles with each further failure); 0 disables the delay */
    private readonly baseDelayMs: number,
  ) {}

  private keys(account: string, address: string) {
    const pair = `${account}|${address}`;
    return { count: `login-pair:${pair}`, wait: `login-pair-wait:${pair}` };
  }

  /** Before checking a password: refuse while the pair waits or is locked, else count the attempt. */
  async attempt(account: string, address: string): Promise<void> {
    if (!this.limiter.enabled) return;
    const { count, wait } = this.keys(account, address);
    const store = this.limiter.store;
    const waiting = await store.peek(wait);
    if (waiting) throw tooMany(waiting.resetMs, 'delay');
    const { count: n, resetMs } = await store.hit(count, LOGIN_PAIR_POLICY.windowMs);
    if (n > LOGIN_PAIR_POLICY.attempts) throw tooMany(resetMs, 'locked');
  }

  async failed(account: string, address: string): Promise<void> {
    if (!this.limiter.enabled || this.baseDelayMs <= 0) return;
    const { count, wait } = this.keys(account, address);
    const failures = (await this.limiter.store.peek(count))?.count ?? 1;
    if (failures >= LOGIN_PAIR_POLICY.attempts) return; // locked for the window anyway
    await this.limiter.store.hit(wait, this.baseDelayMs * 2 ** (failures - 1));
  }

  async succeeded(account: string, address: string): Promise<void> {
    if (!this.limiter.enabled) return;
    const { count, wait } = this.keys(account, address);
    await Promise.all([this.limiter.store.reset(count), this.limiter.store.reset(wait)]);
  }
}

function tooMany(ms: number, reason: 'delay' | 'locked') {
  return new AppError('BIZ-3004', reason === 'locked' ? 'auth.tooManyLogins' : 'auth.loginsTooFast', {
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
    limit: LOGIN_PAIR_POLICY.attempts,
  });
}
