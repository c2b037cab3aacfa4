// The database circuit breaker's states on an injected clock, and the per-request time budget.
import { describe, expect, it } from 'vitest';
import { type BreakerState, CircuitBreaker } from './breaker.ts';
import { DbBudget } from './budget.ts';

function breaker(failures = 3, openMs = 1_000) {
  const clock = { now: 10_000 };
  const changes: string[] = [];
  const b = new CircuitBreaker({
    failures,
    openMs,
    now: () => clock.now,
    onChange: (s: BreakerState, prev: BreakerState) => changes.push(`${prev}→${s}`),
  });
  return { b, clock, changes };
}

describe('CircuitBreaker', () => {
  it('stays closed while failures are not consecutive', () => {
    const { b } = breaker(3);
    for (let i = 0; i < 10; i++) {
      expect(b.admit()).toBe('pass');
      b.failed('pass');
      b.failed('pass');
      b.succeeded(); // an answer in between resets the count
    }
    expect(b.state()).toBe('closed');
    expect(b.retryAfterMs()).toBe(0);
  });

  it('opens after `failures` unanswered calls in a row and refuses at once, saying for how long', () => {
    const { b, clock, changes } = breaker(3, 1_000);
    b.failed('pass');
    b.failed('pass');
    expect(b.state()).toBe('closed');
    b.failed('pass');
    expect(b.state()).toBe('open');
    expect(changes).toEqual(['closed→open']);
    expect(b.admit()).toBe('refuse');
    expect(b.retryAfterMs()).toBe(1_000);
    clock.now += 400;
    expect(b.admit()).toBe('refuse');
    expect(b.retryAfterMs()).toBe(600);
    // calls that started before it opened and fail late do not keep it open longer
    b.failed('pass');
    expect(b.retryAfterMs()).toBe(600);
  });

  it('half-opens after the interval: one trial, the others still refused', () => {
    const { b, clock } = breaker(1, 1_000);
    b.failed('pass');
    clock.now += 1_000;
    expect(b.state()).toBe('half-open');
    expect(b.retryAfterMs()).toBe(0);
    expect(b.admit()).toBe('trial');
    expect(b.admit()).toBe('refuse');
    expect(b.admit()).toBe('refuse');
    expect(b.retryAfterMs()).toBeGreaterThan(0);
  });

  it('a trial that gets an answer closes it', () => {
    const { b, clock, changes } = breaker(1, 1_000);
    b.failed('pass');
    clock.now += 1_000;
    expect(b.admit()).toBe('trial');
    b.succeeded();
    expect(b.state()).toBe('closed');
    expect(b.admit()).toBe('pass');
    expect(changes).toEqual(['closed→open', 'half-open→closed']);
    // and it counts afresh
    b.failed('pass');
    expect(b.state()).toBe('open');
  });

  it('a trial without an answer opens it again for another interval', () => {
    const { b, clock, changes } = breaker(1, 1_000);
    b.failed('pass');
    clock.now += 1_500;
    expect(b.admit()).toBe('trial');
    b.failed('trial');
    expect(b.state()).toBe('open');
    expect(b.retryAfterMs()).toBe(1_000);
    clock.now += 999;
    expect(b.admit()).toBe('refuse');
    clock.now += 1;
    expect(b.admit()).toBe('trial');
    expect(changes).toEqual(['closed→open', 'half-open→open']);
  });

  it('an abandoned trial (it never reached the database) lets the next call be the trial', () => {
    const { b, clock } = breaker(1, 1_000);
    b.failed('pass');
    clock.now += 1_000;
    expect(b.admit()).toBe('trial');
    b.abandoned();
    expect(b.state()).toBe('half-open');
    expect(b.admit()).toBe('trial');
  });

  it('any answer closes it, even from a call admitted before it opened', () => {
    const { b } = breaker(1, 60_000);
    b.failed('pass');
    expect(b.state()).toBe('open');
    b.succeeded();
    expect(b.state()).toBe('closed');
  });
});

describe('DbBudget', () => {
  it('counts only the time spent waiting on the database, overlapping waits once', () => {
    const clock = { now: 0 };
    const budget = new DbBudget(1_000, () => clock.now);
    const a = budget.begin();
    clock.now += 300;
    const b = budget.begin(); // in parallel with a
    clock.now += 200;
    expect(budget.left()).toBe(500);
    a();
    clock.now += 100;
    b();
    expect(budget.left()).toBe(400);
    clock.now += 5_000; // work outside the database (a password hash, a provider call)
    expect(budget.left()).toBe(400);
    const c = budget.begin();
    clock.now += 450;
    c();
    c(); // ending twice changes nothing
    expect(budget.left()).toBe(-50);
  });

  it('no longer limits anything once the request is answered', () => {
    const clock = { now: 0 };
    const budget = new DbBudget(100, () => clock.now);
    budget.begin();
    clock.now += 500;
    expect(budget.left()).toBeLessThan(0);
    budget.close();
    expect(budget.left()).toBe(Infinity);
  });
});
