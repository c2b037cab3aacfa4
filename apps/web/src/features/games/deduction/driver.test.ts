import { DeductionGame, presetSettings, type SeatSpec } from '@moim/games';
import { describe, expect, it } from 'vitest';
import { LocalDriver } from './driver';
import { knownMarks } from './keyword-grid';

const settings = presetSettings('BEGINNER', 'ANIMALS');
const seats: SeatSpec[] = [
  { kind: 'HUMAN', name: '나' },
  { kind: 'AI', level: 'EASY' },
];

describe('LocalDriver (guest games)', () => {
  it('measures the thinking time, plays the AI, and resumes from its checkpoint', async () => {
    let now = 1_000;
    const d = new LocalDriver('local-seed', settings, seats, [], () => now);
    if (d.state.view.activeSeat === 1) await d.advanceAi();
    now += 7_500;
    const answers = new DeductionGame('local-seed', settings, seats).deal.answers;
    const miss = Array.from({ length: 30 }, (_, i) => i)
      .filter((i) => !answers.includes(i))
      .slice(0, 3);
    const s = await d.guess(miss);
    expect(s.last).toMatchObject({ kind: 'guess', seat: 0, correct: 0 });
    expect(s.view.mine.find((m) => m.seat === 0)!.ms).toBe(7_500);
    expect(s.view.globalWrong).toEqual(miss);
    // a reveal keeps the turn clock; a time-out plays the full turn
    await d.advanceAi();
    const before = d.state.turnStartedAt;
    now += 1_000;
    const r = await d.reveal('WRONG');
    expect(r.turnStartedAt).toBe(before);
    expect(r.view.mine[0]!.wrongReveals).toHaveLength(1);
    const t = await d.timeout();
    expect(t.view.history.at(-1)).toMatchObject({ seat: 0, timeout: true });
    // checkpoint → a new driver shows the same game
    const cp = d.checkpoint();
    const again = new LocalDriver(cp.seed, settings, seats, cp.events, () => now);
    expect(again.state.view).toEqual(d.state.view);
  });

  it("announces an AI's move as the log shows it: its count only when the global hint made it public", async () => {
    // a person who always times out and a HARD AI: the AI's counts are mostly not zero
    for (const globalHint of [true, false]) {
      const d = new LocalDriver(`ai-counts-${globalHint}`, { ...settings, globalHint }, [seats[0]!, { kind: 'AI', level: 'HARD' }]);
      let aiMoves = 0;
      while (!d.state.final && aiMoves < 6) {
        const s = d.state.view.activeSeat === 1 ? await d.advanceAi() : await d.timeout();
        if (s.last!.seat !== 1 || s.final) continue;
        aiMoves++;
        const logged = s.view.history.at(-1)!;
        expect(s.last!.correct).toBe(logged.correct);
        expect(logged.correct === null || (globalHint && logged.correct === 0)).toBe(true);
      }
      expect(aiMoves).toBeGreaterThan(0);
    }
  });

  it('ends with the SPEC result and its log when someone names the answers', async () => {
    const d = new LocalDriver('local-win', settings, seats);
    if (d.state.view.activeSeat === 1) await d.advanceAi();
    const answers = new DeductionGame('local-win', settings, seats).deal.answers;
    const s = await d.guess(answers);
    expect(s.final).not.toBeNull();
    expect(s.final!.result).toMatchObject({
      won: true,
      guessesCount: 1,
      difficulty: 'BEGINNER',
      opponentType: 'AI',
      opponentDifficulty: 'EASY',
    });
    expect(s.final!.ranked).toBe(true);
    expect(s.final!.gameData).toMatchObject({ v: 1, settings, seats });
    expect(s.view.outcome!.answers).toEqual(answers);
  });
});

describe('knownMarks', () => {
  it("marks the seat's hints, the global wrong keywords and its own zero guesses; nothing of other seats", async () => {
    const d = new LocalDriver('marks', settings, [
      { kind: 'HUMAN', name: 'A' },
      { kind: 'HUMAN', name: 'B' },
    ]);
    const view = d.state.view;
    const a = knownMarks(view, 0);
    for (const h of view.mine.find((m) => m.seat === 0)!.hints) expect(a.get(h)).toBe('hint');
    for (const h of view.mine.find((m) => m.seat === 1)!.hints) expect(a.has(h)).toBe(false);
  });
});
