/** Wins and appearances per participant as horizontal SVG bars (no chart library). */
import { useTranslation } from '../../../shared/i18n';

export interface StatRow {
  name: string;
  wins: number;
  appearances: number;
}

const ROW = 26;
const LABEL = 140;
const WIDTH = 600;

export function StatsChart({ rows, max = 15 }: { rows: readonly StatRow[]; max?: number }) {
  const { t } = useTranslation('lab');
  const shown = rows.slice(0, max);
  const top = Math.max(1, ...shown.map((r) => r.appearances));
  const barW = WIDTH - LABEL - 70;
  const height = shown.length * ROW + 8;
  return (
    <figure className="arena-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={t('arena.stats.chartLabel')} data-testid="stats-chart">
        {shown.map((r, i) => {
          const y = 4 + i * ROW;
          return (
            <g key={r.name}>
              <text x={LABEL - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="central" className="arena-chart__label">
                {r.name.length > 12 ? `${r.name.slice(0, 11)}…` : r.name}
              </text>
              <rect x={LABEL} y={y + 4} width={(r.appearances / top) * barW} height={ROW - 8} rx="3" className="arena-chart__appear" />
              <rect x={LABEL} y={y + 4} width={(r.wins / top) * barW} height={ROW - 8} rx="3" className="arena-chart__win" />
              <text x={LABEL + (r.appearances / top) * barW + 6} y={y + ROW / 2} dominantBaseline="central" className="arena-chart__value">
                {r.wins}/{r.appearances}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted field-help">
        <span className="arena-chart__key arena-chart__key--win" /> {t('arena.stats.wins')} ·{' '}
        <span className="arena-chart__key arena-chart__key--appear" /> {t('arena.stats.appearances')}
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('arena.stats.chartLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('arena.name')}</th>
            <th scope="col">{t('arena.stats.wins')}</th>
            <th scope="col">{t('arena.stats.appearances')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td>{r.wins}</td>
              <td>{r.appearances}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
