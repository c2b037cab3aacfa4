/**
 * The study's curve over its sessions: the attendance rate of each session (members of that day,
 * those who left since included) and the retention of the first session's members (the contract's
 * `attendanceTrend`). A drawing for the eye; the same figures are in the table beside it.
 */
import type { AttendanceReport } from '@moim/contract';
import { useId } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { formatDate } from '../../../../shared/lib/format';
import { TableScroll } from '../../../../shared/ui/table-scroll';
import { useLocale } from '../../lib/use-locale';

const W = 640;
const H = 200;
const PAD = { left: 48, right: 14, top: 14, bottom: 34 };

type Point = { x: number; y: number };

function points(values: (number | null)[]): (Point | null)[] {
  const n = values.length;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  return values.map((v, i) =>
    v === null ? null : { x: PAD.left + (n === 1 ? innerW / 2 : (innerW * i) / (n - 1)), y: PAD.top + innerH * (1 - v / 100) },
  );
}

/** An SVG path through the points, a gap where a value is missing. */
function path(ps: (Point | null)[]): string {
  let d = '';
  let pen = false;
  for (const p of ps) {
    if (!p) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)} `;
    pen = true;
  }
  return d.trim();
}

export function AttendanceCurve({ trend }: { trend: AttendanceReport['trend'] }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const titleId = useId();
  if (trend.length === 0) return null;
  const rate = points(trend.map((s) => s.rate));
  const kept = points(trend.map((s) => s.retention));
  const last = trend[trend.length - 1]!;
  const every = Math.max(1, Math.ceil(trend.length / 8)); // at most 8 labels under the axis
  const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h3 id={titleId} className="ci-h3">
        {t('checkIn.curve.title')}
      </h3>
      <p className="muted">{t('checkIn.curve.definition')}</p>
      <figure className="ci-curve">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={t('checkIn.curve.summary', { count: trend.length, rate: pct(last.rate), retention: pct(last.retention) })}
        >
          {[0, 50, 100].map((v) => {
            const y = PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / 100);
            return (
              <g key={v}>
                <line className="ci-curve-grid" x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} />
                <text className="ci-curve-axis" x={PAD.left - 6} y={y + 4} textAnchor="end">
                  {v}
                </text>
              </g>
            );
          })}
          {trend.map((s, i) =>
            i % every === 0 || i === trend.length - 1 ? (
              <text key={s.eventId} className="ci-curve-axis" x={rate[i]?.x ?? kept[i]?.x ?? 0} y={H - 8} textAnchor="middle">
                {i + 1}
              </text>
            ) : null,
          )}
          <path className="ci-curve-kept" d={path(kept)} />
          <path className="ci-curve-rate" d={path(rate)} />
          {rate.map((p, i) => (p ? <circle key={trend[i]!.eventId} className="ci-curve-dot" cx={p.x} cy={p.y} r={3.5} /> : null))}
        </svg>
        <figcaption className="ci-curve-legend">
          <span className="ci-curve-key ci-curve-key-rate">{t('checkIn.curve.rate')}</span>
          <span className="ci-curve-key ci-curve-key-kept">{t('checkIn.curve.retention')}</span>
          <span className="muted">{t('checkIn.curve.axis')}</span>
        </figcaption>
      </figure>
      <TableScroll className="st-table-wrap">
        <table className="st-table">
          <caption className="visually-hidden">{t('checkIn.curve.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('checkIn.curve.session')}</th>
              <th scope="col">{t('checkIn.curve.enrolled')}</th>
              <th scope="col">{t('checkIn.curve.attended')}</th>
              <th scope="col">{t('checkIn.curve.rate')}</th>
              <th scope="col">{t('checkIn.curve.retention')}</th>
            </tr>
          </thead>
          <tbody>
            {trend.map((s, i) => (
              <tr key={s.eventId}>
                <th scope="row">{t('checkIn.curve.nth', { n: i + 1, date: formatDate(s.date, locale) })}</th>
                <td>{s.enrolled}</td>
                <td>{s.attended}</td>
                <td>{pct(s.rate)}</td>
                <td>{pct(s.retention)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
