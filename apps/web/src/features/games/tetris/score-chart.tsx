/** A small hand-made SVG line chart of recent scores (oldest left), no chart library. */
import { useTranslation } from '../../../shared/i18n';
import { formatCount } from '../../../shared/lib/format-count';

export interface ChartPoint {
  score: number;
  label: string;
  highlight?: boolean;
}

const W = 320;
const H = 120;
const PAD = { l: 8, r: 8, t: 12, b: 18 };

export function ScoreChart({ points, title }: { points: ChartPoint[]; title: string }) {
  const { t } = useTranslation('games');
  if (points.length === 0) return <p className="muted">{t('stats.noHistory')}</p>;
  const max = Math.max(...points.map((p) => p.score), 1);
  const min = Math.min(...points.map((p) => p.score), 0);
  const span = Math.max(1, max - min);
  const x = (i: number) => (points.length === 1 ? W / 2 : PAD.l + (i * (W - PAD.l - PAD.r)) / (points.length - 1));
  const y = (s: number) => PAD.t + (1 - (s - min) / span) * (H - PAD.t - PAD.b);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const area = `${PAD.l},${H - PAD.b} ${line} ${x(points.length - 1).toFixed(1)},${H - PAD.b}`;
  const summary = t('stats.chartSummary', {
    count: points.length,
    min: formatCount(Math.min(...points.map((p) => p.score))),
    max: formatCount(max),
  });
  return (
    <figure className="score-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="score-chart-title score-chart-desc" preserveAspectRatio="none">
        <title id="score-chart-title">{title}</title>
        <desc id="score-chart-desc">{summary}</desc>
        <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} className="score-chart__axis" />
        <line x1={PAD.l} x2={W - PAD.r} y1={y(max)} y2={y(max)} className="score-chart__grid" />
        <polygon points={area} className="score-chart__area" />
        <polyline points={line} className="score-chart__line" />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(i)}
            cy={y(p.score)}
            r={p.highlight ? 4 : 2.5}
            className={p.highlight ? 'score-chart__dot score-chart__dot--best' : 'score-chart__dot'}
          >
            <title>{`${p.label}: ${formatCount(p.score)}`}</title>
          </circle>
        ))}
        <text x={W - PAD.r} y={y(max) - 3} textAnchor="end" className="score-chart__label">
          {formatCount(max)}
        </text>
      </svg>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
