/**
 * The leader's attendance report: per session who came, was late, absent or excused; per member
 * the rate, streak, absences and warnings (the contract's `attendanceSummary`); the CSV export and
 * the log of every correction.
 */
import { ABSENCES_BEFORE_WARNING, type Study } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { formatDate, formatDateTime } from '../../../../shared/lib/format';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { TableScroll } from '../../../../shared/ui/table-scroll';
import { AttendanceCurve } from './attendance-curve';
import { downloadAttendanceCsv, useAttendanceCorrections, useAttendanceReport } from '../../api/check-in-api';
import { useLocale } from '../../lib/use-locale';

export function AttendanceReport({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const report = useAttendanceReport(study.id);
  const [csvError, setCsvError] = useState<unknown>(null);

  if (report.isPending) return <LoadingState />;
  if (report.isError) return <ErrorMessage variant="state" error={report.error} onRetry={() => void report.refetch()} />;
  const sessions = report.data.sessions.filter((s) => s.taken);
  return (
    <section className="stack" aria-labelledby="att-report-title">
      <div className="row">
        <h2 id="att-report-title" className="ci-h2">
          {t('checkIn.report.title')}
        </h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            setCsvError(null);
            downloadAttendanceCsv(study.id, `${study.slug}-attendance.csv`).catch(setCsvError);
          }}
        >
          {t('checkIn.report.csv')}
        </button>
      </div>
      {csvError ? <p role="alert">{t('checkIn.report.csvFailed')}</p> : null}
      <p className="muted">{t('checkIn.report.definition', { max: ABSENCES_BEFORE_WARNING })}</p>
      {report.data.members.length === 0 ? (
        <EmptyState title={t('manage.members.empty')} />
      ) : (
        <TableScroll className="st-table-wrap">
          <table className="st-table">
            <caption className="visually-hidden">{t('checkIn.report.members')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('manage.members.name')}</th>
                <th scope="col">{t('checkIn.report.rate')}</th>
                <th scope="col">{t('attendance.PRESENT')}</th>
                <th scope="col">{t('attendance.LATE')}</th>
                <th scope="col">{t('attendance.ABSENT')}</th>
                <th scope="col">{t('attendance.EXCUSED')}</th>
                <th scope="col">{t('checkIn.report.streak')}</th>
                <th scope="col">{t('manage.members.warnings')}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.members.map((m) => (
                <tr key={m.userId}>
                  <th scope="row" data-user-content="">
                    {m.name}
                  </th>
                  <td>{m.summary.rate === null ? '—' : `${m.summary.rate}%`}</td>
                  <td>{m.summary.present}</td>
                  <td>{m.summary.late}</td>
                  <td>
                    {m.summary.absent}
                    {m.summary.warn && <span className="ci-warn"> {t('checkIn.report.warn')}</span>}
                  </td>
                  <td>{m.summary.excused}</td>
                  <td>{m.summary.streak}</td>
                  <td>{m.warningCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AttendanceCurve trend={report.data.trend} />
      {sessions.length > 0 && (
        <TableScroll className="st-table-wrap">
          <table className="st-table">
            <caption className="visually-hidden">{t('checkIn.report.sessions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('checkIn.session')}</th>
                <th scope="col">{t('attendance.PRESENT')}</th>
                <th scope="col">{t('attendance.LATE')}</th>
                <th scope="col">{t('attendance.ABSENT')}</th>
                <th scope="col">{t('attendance.EXCUSED')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.eventId}>
                  <th scope="row">{formatDate(s.date, locale)}</th>
                  <td>{s.counts.PRESENT}</td>
                  <td>{s.counts.LATE}</td>
                  <td>{s.counts.ABSENT + s.counts.none}</td>
                  <td>{s.counts.EXCUSED}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CorrectionsLog studyId={study.id} />
    </section>
  );
}

function CorrectionsLog({ studyId }: { studyId: string }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const log = useAttendanceCorrections(studyId);
  if (log.isPending) return <LoadingState />;
  if (log.isError) return <ErrorMessage variant="state" error={log.error} onRetry={() => void log.refetch()} />;
  return (
    <section className="stack" aria-labelledby="att-log-title">
      <h3 id="att-log-title" className="ci-h3">
        {t('checkIn.log.title')}
      </h3>
      {log.data.length === 0 ? (
        <p className="muted">{t('checkIn.log.empty')}</p>
      ) : (
        <ul className="ci-log">
          {log.data.map((c) => (
            <li key={c.id}>
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt, locale)}</time>{' '}
              {withNames(
                t('checkIn.log.entry', {
                  actor: ACTOR_MARK,
                  member: MEMBER_MARK,
                  date: formatDate(c.eventDate, locale),
                  from: c.fromStatus ? t(`attendance.${c.fromStatus}`) : t('checkIn.notYet'),
                  to: t(`attendance.${c.toStatus}`),
                }),
                c.actor.name,
                c.userName,
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const ACTOR_MARK = '\uE000';
const MEMBER_MARK = '\uE001';

/** The sentence with the two people's names as user-written content (their own language, `data-user-content`). */
function withNames(sentence: string, actor: string, member: string) {
  return sentence.split(/([\uE000\uE001])/).map((part, i) =>
    part === ACTOR_MARK || part === MEMBER_MARK ? (
      <bdi key={i} data-user-content>
        {part === ACTOR_MARK ? actor : member}
      </bdi>
    ) : (
      part
    ),
  );
}
