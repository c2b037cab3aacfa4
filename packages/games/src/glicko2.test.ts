import { describe, expect, it } from 'vitest';
import { GLICKO2_START, glicko2Multiplayer, glicko2Update } from './glicko2.ts';

describe('Glicko-2', () => {
  it("gives Glickman's worked example: 1500/200/0.06 against 1400/30 (win), 1550/100 and 1700/300 (losses)", () => {
    const after = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    // the paper (rounded as it prints them): r' = 1464.06, RD' = 151.52, σ' = 0.05999
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a period without games only widens the deviation (never past 350)', () => {
    const p = { rating: 1600, deviation: 100, volatility: 0.06 };
    const after = glicko2Update(p, []);
    expect(after.rating).toBe(1600);
    expect(after.deviation).toBeGreaterThan(100);
    expect(glicko2Update(GLICKO2_START, []).deviation).toBe(350);
  });

  it('in a game of several, the winner gains, the losers lose, equal places draw', () => {
    const [w, l1, l2] = glicko2Multiplayer([
      { rating: GLICKO2_START, rank: 0 },
      { rating: GLICKO2_START, rank: 1 },
      { rating: GLICKO2_START, rank: 1 },
    ]);
    expect(w!.rating).toBeGreaterThan(1500);
    expect(l1!.rating).toBeLessThan(1500);
    expect(l1!.rating).toBeCloseTo(l2!.rating, 9);
    expect(w!.deviation).toBeLessThan(350);
    const [a, b] = glicko2Multiplayer([
      { rating: GLICKO2_START, rank: 0 },
      { rating: GLICKO2_START, rank: 0 },
    ]);
    expect(a!.rating).toBeCloseTo(1500, 6);
    expect(b!.rating).toBeCloseTo(1500, 6);
  });

  it('beating a stronger player gains more than beating a weaker one', () => {
    const me = { rating: 1500, deviation: 80, volatility: 0.06 };
    const strong = glicko2Update(me, [{ opponent: { rating: 1800, deviation: 80, volatility: 0.06 }, score: 1 }]);
    const weak = glicko2Update(me, [{ opponent: { rating: 1200, deviation: 80, volatility: 0.06 }, score: 1 }]);
    expect(strong.rating - 1500).toBeGreaterThan(weak.rating - 1500);
  });
});
