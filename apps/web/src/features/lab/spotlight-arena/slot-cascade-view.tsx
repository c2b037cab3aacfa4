/**
 * Slot cascade: a 4 × 4 grid per participant spins, then lines of three clear, symbols fall and
 * the multiplier climbs with each cascade. The plan already gives the draw's picks the best grids.
 */
import { planSlotCascade, SLOT_VALUES, slotWinners, type SlotReel } from '@moim/games';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { ShowProps } from './show-types';
import { beep, fanfare } from './sound';
import { useShowClock } from './use-show-clock';

const SPIN_MS = 1200;
const STEP_MS = 900;
export const SLOT_GLYPHS = ['●', '■', '▲', '◆', '★', '7'];

interface ReelView {
  grid: number[];
  lit: Set<number>;
  score: number;
  multiplier: number;
  spinning: boolean;
}

function reelAt(reel: SlotReel, elapsed: number, index: number): ReelView {
  if (elapsed < SPIN_MS) {
    const f = Math.floor(elapsed / 80);
    return {
      grid: reel.start.map((_, c) => (c * 7 + f + index) % SLOT_VALUES.length),
      lit: new Set(),
      score: 0,
      multiplier: 1,
      spinning: true,
    };
  }
  const k = Math.floor((elapsed - SPIN_MS) / STEP_MS);
  const settled = (elapsed - SPIN_MS) % STEP_MS >= STEP_MS / 2;
  if (k >= reel.steps.length)
    return {
      grid: reel.steps[reel.steps.length - 1]?.grid ?? reel.start,
      lit: new Set(),
      score: reel.score,
      multiplier: reel.steps.length || 1,
      spinning: false,
    };
  const step = reel.steps[k]!;
  const before = k === 0 ? reel.start : reel.steps[k - 1]!.grid;
  const score = reel.steps.slice(0, k + (settled ? 1 : 0)).reduce((s, x) => s + x.gained, 0);
  return {
    grid: settled ? step.grid : before,
    lit: settled ? new Set() : new Set(step.cleared),
    score,
    multiplier: step.multiplier,
    spinning: false,
  };
}

export default function SlotCascadeView({ seed, names, heat, reduced, sound, onDone, onSkipReady }: ShowProps) {
  const { t } = useTranslation('lab');
  const plan = useMemo(() => planSlotCascade(seed, names.length, heat), [seed, names.length, heat]);
  const maxSteps = Math.max(0, ...plan.reels.map((r) => r.steps.length));
  const clock = useShowClock(SPIN_MS + maxSteps * STEP_MS + 600, reduced, () => {
    fanfare(sound);
    onDone();
  });
  useEffect(() => onSkipReady(clock.skip), [clock.skip, onSkipReady]);
  const views = plan.reels.map((r, i) => reelAt(r, clock.done ? Infinity : clock.elapsed, i));
  const step = clock.elapsed < SPIN_MS ? -1 : Math.floor((clock.elapsed - SPIN_MS) / STEP_MS);
  const lastStep = useRef(-1);
  useEffect(() => {
    if (step !== lastStep.current && step >= 0 && step < maxSteps) beep(sound, 440 + step * 90, 80);
    lastStep.current = step;
  }, [step, maxSteps, sound]);
  const leaders = views
    .map((v, p) => ({ p, score: v.score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  const winners = clock.done ? slotWinners(plan, heat.length) : [];

  return (
    <div className="arena-slots">
      <ul className={`arena-slots__grid${names.length > 40 ? ' is-dense' : ''}`} aria-label={t('arena.slots.gridsLabel')}>
        {views.map((v, p) => (
          <li key={p} className={`arena-slot${winners.includes(p) ? ' is-winner' : ''}`} data-testid="slot-card">
            <span className="arena-slot__name">{names[p]}</span>
            <span className="arena-slot__cells" aria-hidden="true">
              {v.grid.map((sym, c) => (
                <span key={c} className={`arena-slot__cell sym-${sym}${v.lit.has(c) ? ' is-lit' : ''}${v.spinning ? ' is-spinning' : ''}`}>
                  {SLOT_GLYPHS[sym]}
                </span>
              ))}
            </span>
            <span className="arena-slot__score">
              {t('arena.dart.points', { count: v.score })}
              {v.multiplier > 1 && !v.spinning && <em> ×{v.multiplier}</em>}
            </span>
          </li>
        ))}
      </ul>
      <div className="arena-side">
        <h3>{t('arena.standings')}</h3>
        <ol className="arena-standings" aria-live="polite">
          {leaders.map(({ p, score }) => (
            <li key={p}>
              <span>{names[p]}</span>
              <span className="muted">{t('arena.dart.points', { count: score })}</span>
            </li>
          ))}
        </ol>
        <p className="muted field-help">{t('arena.slots.rules')}</p>
      </div>
    </div>
  );
}
