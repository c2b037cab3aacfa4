import { ATTENDANCE_STATUSES, seoulDate, type AttendanceStatus, type Study } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { toast } from '../../../../shared/toast/toast';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { useAttendance, useSaveAttendance, useStudyEvents } from '../../api/manage-api';
import { useMembers } from '../../api/studies-api';
import { formatDate } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { ErrorMessage } from '../../../../shared/ui/error-message';

export function AttendancePanel({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const [today] = useState(() => seoulDate(new Date()));
  const events = useStudyEvents(study.id);
  const sessions = (events.data ?? []).filter((e) => e.eventType !== 'recruitment');
  const past = sessions.filter((e) => e.date <= today).sort((a, b) => b.date.localeCompare(a.date));
  const [picked, setPicked] = useState<string | null>(null);
  const eventId = picked ?? past[0]?.id ?? null;

  if (events.isPending) return <LoadingState />;
  if (events.isError) return <ErrorMessage variant="state" error={events.error} onRetry={() => void events.refetch()} />;
  if (past.length === 0) return <EmptyState title={t('manage.attendance.noEvents')} />;
  return (
    <div className="stack">
      <label className="field">
        <span className="field__label">{t('manage.attendance.event')}</span>
        <select value={eventId ?? ''} onChange={(e) => setPicked(e.target.value)}>
          {past.map((e) => (
            <option key={e.id} value={e.id}>
              {formatDate(e.date, locale)} · {e.title}
            </option>
          ))}
        </select>
      </label>
      {eventId && <AttendanceSheetEditor key={eventId} studyId={study.id} eventId={eventId} />}
    </div>
  );
}

function AttendanceSheetEditor({ studyId, eventId }: { studyId: string; eventId: string }) {
  const { t } = useTranslation('studies');
  const members = useMembers(studyId, { page: 0, active: true });
  const sheet = useAttendance(studyId, eventId);
  const save = useSaveAttendance(studyId, eventId);
  const [edits, setEdits] = useState<Record<string, AttendanceStatus>>({});

  if (members.isPending || sheet.isPending) return <LoadingState />;
  if (members.isError) return <ErrorMessage variant="state" error={members.error} />;
  const recorded = new Map((sheet.data?.records ?? []).map((r) => [r.userId, r.status]));
  const people = members.data.content.filter((m) => m.isActive && m.role !== 'OWNER');
  if (people.length === 0) return <EmptyState title={t('manage.members.empty')} />;
  const statusOf = (id: string): AttendanceStatus | undefined => edits[id] ?? recorded.get(id);
  const records = people.flatMap((m) => {
    const s = statusOf(m.memberId);
    return s ? [{ userId: m.memberId, status: s }] : [];
  });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (records.length === 0) return;
        save.mutate({ records }, { onSuccess: () => toast.success(t('manage.attendance.saved')) });
      }}
    >
      <div className="row">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setEdits(Object.fromEntries(people.map((m) => [m.memberId, 'PRESENT' as const])))}
        >
          {t('manage.attendance.allPresent')}
        </button>
      </div>
      <ul className="st-attendance">
        {people.map((m) => (
          <li key={m.memberId} className="st-attendance__row">
            <fieldset className="st-attendance__set">
              <legend className="st-attendance__name" data-user-content="">
                {m.name}
              </legend>
              <div className="st-radios">
                {ATTENDANCE_STATUSES.map((s) => (
                  <label key={s} className={`st-chip st-chip--att-${s}`}>
                    <input
                      type="radio"
                      name={`att-${m.memberId}`}
                      value={s}
                      checked={statusOf(m.memberId) === s}
                      onChange={() => setEdits((x) => ({ ...x, [m.memberId]: s }))}
                    />
                    <span>{t(`attendance.${s}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <ErrorMessage error={save.error} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || records.length === 0}>
          {t('manage.attendance.save')}
        </button>
      </div>
    </form>
  );
}
