/**
 * "Is it fair?": draws the current pool many times with seeds derived from one fresh seed (shown,
 * so anyone can repeat the check), counts who comes first, and compares with the stated chances
 * by a chi-square test, in small slices so the page stays responsive.
 */
import { chiSquareTest, drawWinners, statedChances } from '@moim/games';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { newSeed } from '../seed';
import type { ArenaPerson } from './draw-run';

const RUNS = 3000;
const SLICE = 250;

interface Outcome {
  base: string;
  observed: number[];
  expected: number[];
  pValue: number;
}

export function FairnessCheck({ entries }: { entries: readonly ArenaPerson[] }) {
  const { t } = useTranslation('lab');
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cancelled = useRef(false);
  if (entries.length < 2) return <p className="muted">{t('arena.fair.needTwo')}</p>;

  const run = () => {
    const base = newSeed(2);
    const observed = new Array<number>(entries.length).fill(0);
    const first = statedChances(entries, 1, false).firstPick;
    cancelled.current = false;
    setOutcome(null);
    let done = 0;
    const slice = () => {
      if (cancelled.current) return;
      for (let k = 0; k < SLICE && done < RUNS; k++, done++)
        observed[drawWinners({ seed: `${base}-${done}`, entries, count: 1, allowRepeat: false })[0]!]!++;
      setProgress(done / RUNS);
      if (done < RUNS) setTimeout(slice, 0);
      else {
        const expected = first.map((p) => p * RUNS);
        setOutcome({ base, observed, expected, pValue: chiSquareTest(observed, expected).pValue });
        setProgress(null);
      }
    };
    setTimeout(slice, 0);
  };

  const top = outcome ? Math.max(...outcome.observed, ...outcome.expected) : 1;
  return (
    <div className="stack" data-testid="fairness-check">
      <p className="muted field-help">{t('arena.fair.explain', { runs: RUNS.toLocaleString() })}</p>
      <button type="button" className="btn btn-secondary" onClick={run} disabled={progress !== null}>
        {t('arena.fair.run')}
      </button>
      {progress !== null && <progress max={1} value={progress} aria-label={t('arena.fair.progress')} />}
      {outcome && (
        <>
          <p role="status">
            <strong>{outcome.pValue > 0.01 ? t('arena.fair.ok') : t('arena.fair.odd')}</strong>{' '}
            {t('arena.fair.result', { p: outcome.pValue.toFixed(3), base: outcome.base })}
          </p>
          <svg viewBox={`0 0 600 ${entries.length * 18 + 8}`} role="img" aria-label={t('arena.fair.chartLabel')} className="arena-chart">
            {entries.map((e, i) => (
              <g key={e.name}>
                <text x="132" y={4 + i * 18 + 9} textAnchor="end" dominantBaseline="central" className="arena-chart__label">
                  {e.name.length > 12 ? `${e.name.slice(0, 11)}…` : e.name}
                </text>
                <rect
                  x="140"
                  y={4 + i * 18 + 3}
                  width={(outcome.observed[i]! / top) * 400}
                  height="12"
                  rx="2"
                  className="arena-chart__win"
                />
                <line
                  x1={140 + (outcome.expected[i]! / top) * 400}
                  x2={140 + (outcome.expected[i]! / top) * 400}
                  y1={4 + i * 18}
                  y2={4 + i * 18 + 18}
                  className="arena-chart__expected"
                />
                <text
                  x={148 + (Math.max(outcome.observed[i]!, outcome.expected[i]!) / top) * 400}
                  y={4 + i * 18 + 9}
                  dominantBaseline="central"
                  className="arena-chart__value"
                >
                  {outcome.observed[i]} / {outcome.expected[i]!.toFixed(0)}
                </text>
              </g>
            ))}
          </svg>
        </>
      )}
    </div>
  );
}
