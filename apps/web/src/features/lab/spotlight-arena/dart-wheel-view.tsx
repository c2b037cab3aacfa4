/**
 * The dart wheel (SVG): a spinning wheel of twenty numbers; each volley's darts land one after
 * another, and the scoreboard follows the mode (totals, teams, survival rounds, distance to the
 * marker). The plan already ends with the draw's picks on top.
 */
import { type Dart, dartWinners, planDartWheel, WHEEL_VALUES } from '@moim/games';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { ShowProps } from './show-types';
import { beep, fanfare } from './sound';
import { useShowClock } from './use-show-clock';

const VOLLEY_MS = 2600;
const LAND_MS = 1800;
const SECTOR = 360 / WHEEL_VALUES.length;

const polar = (deg: number, r: number) => [Math.sin((deg * Math.PI) / 180) * r, -Math.cos((deg * Math.PI) / 180) * r] as const;

function wedge(s: number): string {
  const [x1, y1] = polar(s * SECTOR, 100);
  const [x2, y2] = polar((s + 1) * SECTOR, 100);
  return `M0 0 L${x1.toFixed(2)} ${y1.toFixed(2)} A100 100 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)} Z`;
}

export default function DartWheelView({ seed, names, heat, mode, reduced, sound, onDone, onSkipReady }: ShowProps) {
  const { t } = useTranslation('lab');
  const plan = useMemo(() => planDartWheel(seed, mode, names.length, heat), [seed, mode, names.length, heat]);
  const clock = useShowClock(plan.volleys.length * VOLLEY_MS + 600, reduced, () => {
    fanfare(sound);
    onDone();
  });
  useEffect(() => onSkipReady(clock.skip), [clock.skip, onSkipReady]);
  const v = Math.min(plan.volleys.length - 1, Math.floor(clock.elapsed / VOLLEY_MS));
  const inVolley = clock.done ? VOLLEY_MS : clock.elapsed - v * VOLLEY_MS;
  const volley = plan.volleys[v]!;
  const landed = (i: number, count: number) => clock.done || inVolley >= (i / Math.max(1, count)) * LAND_MS;
  const current = volley.darts.filter((_, i) => landed(i, volley.darts.length));
  const thrown: Dart[] = [...plan.volleys.slice(0, v).flatMap((x) => x.darts), ...current];
  const lastCount = useRef(0);
  useEffect(() => {
    if (thrown.length > lastCount.current) beep(sound, 520 + (thrown.length % 5) * 60, 50, 0.04);
    lastCount.current = thrown.length;
  }, [thrown.length, sound]);

  const total = new Array<number>(names.length).fill(0);
  for (const d of thrown) total[d.by]! += d.value;
  const rotation = reduced || clock.done ? 0 : (clock.elapsed * 0.05) % 360;
  const latest = current[current.length - 1];
  const winners = clock.done ? dartWinners(plan, heat.length) : [];

  let board: { key: string; label: string; value: string; out?: boolean }[];
  if (mode === 'team' && plan.teams) {
    board = plan.teams
      .map((team, i) => ({
        key: `t${i}`,
        label: `${t('arena.dart.team', { n: i + 1 })}: ${team.map((p) => names[p]).join(', ')}`,
        sum: team.reduce((s, p) => s + total[p]!, 0),
      }))
      .sort((a, b) => b.sum - a.sum)
      .slice(0, 8)
      .map((r) => ({ key: r.key, label: r.label, value: t('arena.dart.points', { count: r.sum }) }));
  } else if (mode === 'survival') {
    const out = new Set(
      plan.volleys.slice(0, clock.done ? plan.volleys.length : inVolley > LAND_MS ? v + 1 : v).flatMap((x) => x.eliminated),
    );
    const lastValue = new Map(current.map((d) => [d.by, d.value]));
    board = names
      .map((n, p) => ({
        key: `p${p}`,
        label: n,
        value: lastValue.has(p) ? t('arena.dart.points', { count: lastValue.get(p) }) : '',
        out: out.has(p),
        p,
      }))
      .sort((a, b) => Number(a.out) - Number(b.out) || (lastValue.get(b.p) ?? 0) - (lastValue.get(a.p) ?? 0))
      .slice(0, 12);
  } else if (mode === 'target') {
    board = current
      .slice()
      .sort((a, b) => a.value - b.value)
      .slice(0, 10)
      .map((d) => ({ key: `p${d.by}`, label: names[d.by]!, value: t('arena.dart.degrees', { value: (d.value / 10).toFixed(1) }) }));
  } else {
    board = names
      .map((n, p) => ({ key: `p${p}`, label: n, sum: total[p]! }))
      .sort((a, b) => b.sum - a.sum)
      .slice(0, 10)
      .map((r) => ({ key: r.key, label: r.label, value: t('arena.dart.points', { count: r.sum }) }));
  }

  return (
    <div className="arena-dart">
      <svg
        viewBox="-110 -110 220 220"
        className="arena-dart__wheel"
        role="img"
        aria-label={t('arena.dart.wheelLabel')}
        data-testid="dart-wheel"
      >
        <g transform={`rotate(${rotation.toFixed(2)})`}>
          {WHEEL_VALUES.map((value, s) => {
            const [x, y] = polar((s + 0.5) * SECTOR, 88);
            return (
              <g key={s}>
                <path d={wedge(s)} className={s % 2 ? 'arena-dart__sector--b' : 'arena-dart__sector--a'} />
                <text x={x} y={y} className="arena-dart__num" textAnchor="middle" dominantBaseline="central">
                  {value}
                </text>
              </g>
            );
          })}
          <circle r="10" className="arena-dart__bull" />
          {plan.targetAngle !== null && (
            <line
              x1={polar(plan.targetAngle, 20)[0]}
              y1={polar(plan.targetAngle, 20)[1]}
              x2={polar(plan.targetAngle, 100)[0]}
              y2={polar(plan.targetAngle, 100)[1]}
              className="arena-dart__target"
            />
          )}
          {current.map((d) => {
            const [x, y] = polar(d.angle, d.radius * 80);
            return (
              <circle
                key={`${v}-${d.by}`}
                cx={x}
                cy={y}
                r={names.length > 40 ? 2 : 3.2}
                className="arena-dart__dart"
                style={{ fill: `hsl(${(d.by * 137) % 360} 80% 55%)` }}
              />
            );
          })}
        </g>
        <path d="M0 -108 L-5 -98 L5 -98 Z" className="arena-dart__pointer" />
      </svg>
      <div className="arena-side">
        <p className="arena-dart__round" aria-live="polite">
          {t(`arena.dart.volley.${volley.kind}`, { n: v + 1, total: plan.volleys.length })}
          {latest &&
            !clock.done &&
            ` · ${names[latest.by]} ${mode === 'target' ? t('arena.dart.degrees', { value: (latest.value / 10).toFixed(1) }) : t('arena.dart.points', { count: latest.value })}`}
        </p>
        <ol className="arena-standings" aria-label={t('arena.standings')}>
          {board.map((r) => (
            <li key={r.key} className={r.out ? 'is-out' : undefined}>
              <span>{r.label}</span>
              <span className="muted">{r.out ? t('arena.dart.out') : r.value}</span>
            </li>
          ))}
        </ol>
        {clock.done && <p className="muted">{t('arena.dart.readBack', { names: winners.map((w) => names[w]).join(', ') })}</p>}
      </div>
    </div>
  );
}
