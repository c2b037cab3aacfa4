/**
 * The leader's check-in screen (docs/attendance.md "Check-in and attendance"): pick today's session,
 * show its rotating six digits and a QR code of the moim address that checks a member in, reveal
 * the link of an online session, watch the room fill (polled), and set the window and late rule.
 */
import { seoulDate, type Study } from '@moim/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { toast } from '../../../../shared/toast/toast';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { formatDate } from '../../../../shared/lib/format';
import { useCheckInCode, useCheckInLink, useCheckInRoom, useCheckInRules, useSaveCheckInRules } from '../../api/check-in-api';
import { useStudyEvents } from '../../api/manage-api';
import { useLocale } from '../../lib/use-locale';
import './check-in.css';

export function CheckInPanel({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const [today] = useState(() => seoulDate(new Date()));
  const events = useStudyEvents(study.id);
  const sessions = (events.data ?? [])
    .filter((e) => e.eventType !== 'recruitment' && e.date >= today)
    .sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime));
  const [picked, setPicked] = useState<string | null>(null);
  const eventId = picked ?? sessions[0]?.id ?? null;
  const event = sessions.find((e) => e.id === eventId);

  if (events.isPending) return <LoadingState />;
  if (events.isError) return <ErrorMessage variant="state" error={events.error} onRetry={() => void events.refetch()} />;
  return (
    <div className="stack">
      {sessions.length === 0 ? (
        <EmptyState title={t('checkIn.noSessions')} />
      ) : (
        <label className="field">
          <span className="field__label">{t('checkIn.session')}</span>
          <select value={eventId ?? ''} onChange={(e) => setPicked(e.target.value)}>
            {sessions.slice(0, 30).map((e) => (
              <option key={e.id} value={e.id}>
                {formatDate(e.date, locale)} {e.startTime} · {e.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {event && <SessionCheckIn key={event.id} study={study} eventId={event.id} online={event.location === 'online'} />}
      <RulesForm studyId={study.id} />
    </div>
  );
}

function SessionCheckIn({ study, eventId, online }: { study: Study; eventId: string; online: boolean }) {
  const { t } = useTranslation('studies');
  const room = useCheckInRoom(study.id, eventId);
  const open = room.data?.state === 'OPEN';
  return (
    <div className="ci-grid">
      <section className="ci-card" aria-labelledby="ci-code-title">
        <h2 id="ci-code-title" className="ci-card__title">
          {t('checkIn.codeTitle')}
        </h2>
        {room.isPending ? (
          <LoadingState />
        ) : open ? (
          <CodeDisplay studyId={study.id} eventId={eventId} />
        ) : (
          <WindowNote state={room.data?.state} opensAt={room.data?.window.opensAt} />
        )}
        {open && online && <LinkReveal studyId={study.id} eventId={eventId} />}
      </section>
      <section className="ci-card" aria-labelledby="ci-room-title">
        <h2 id="ci-room-title" className="ci-card__title">
          {t('checkIn.roomTitle')}
        </h2>
        {room.isPending && <LoadingState />}
        {room.isError && <ErrorMessage variant="state" error={room.error} onRetry={() => void room.refetch()} />}
        {room.data && (
          <>
            <p className="ci-counts" aria-live="polite">
              {t('checkIn.counts', {
                came: room.data.counts.PRESENT + room.data.counts.LATE,
                late: room.data.counts.LATE,
                total: room.data.members.length,
              })}
            </p>
            {room.data.members.length === 0 ? (
              <EmptyState title={t('manage.members.empty')} />
            ) : (
              <ul className="ci-room" data-testid="check-in-room">
                {room.data.members.map((m) => (
                  <li key={m.userId} className="ci-room__row" data-status={m.status ?? 'NONE'}>
                    <span className="ci-room__name" data-user-content="">
                      {m.name}
                    </span>
                    <span className={`ci-status ci-status--${m.status ?? 'NONE'}`}>
                      {m.status ? t(`attendance.${m.status}`) : t('checkIn.notYet')}
                    </span>
                    {m.checkedInAt && (
                      <time className="ci-room__time" dateTime={m.checkedInAt}>
                        {new Date(m.checkedInAt).toLocaleTimeString('ko-KR', {
                          timeZone: 'Asia/Seoul',
                          hour: '2-digit',
                          minute: '2-digit',
                        })}
                      </time>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <p className="muted">{t('checkIn.correctHint')}</p>
          </>
        )}
      </section>
    </div>
  );
}

function WindowNote({ state, opensAt }: { state: string | undefined; opensAt: string | undefined }) {
  const { t } = useTranslation('studies');
  if (state === 'BEFORE' && opensAt) {
    const at = new Date(opensAt).toLocaleString('ko-KR', {
      timeZone: 'Asia/Seoul',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return <p className="muted">{t('checkIn.opensAt', { at })}</p>;
  }
  return <p className="muted">{t('checkIn.closed')}</p>;
}

function CodeDisplay({ studyId, eventId }: { studyId: string; eventId: string }) {
  const { t } = useTranslation('studies');
  const code = useCheckInCode(studyId, eventId);
  const [qr, setQr] = useState<string | null>(null);
  const url = code.data ? `${window.location.origin}${code.data.path}` : null;
  useEffect(() => {
    if (!url) return;
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
      .then((s) => live && setQr(s))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (code.isPending) return <LoadingState />;
  if (code.isError) return <ErrorMessage variant="state" error={code.error} onRetry={() => void code.refetch()} />;
  const digits = code.data.code;
  return (
    <div className="ci-code">
      <p className="ci-code__digits" data-testid="check-in-code" aria-label={t('checkIn.codeLabel', { code: digits.split('').join(' ') })}>
        {digits.slice(0, 3)} {digits.slice(3)}
      </p>
      {qr && <img className="ci-code__qr" src={qr} width={320} height={320} alt={t('checkIn.qrLabel')} />}
      <p className="muted">{t('checkIn.codeHint')}</p>
    </div>
  );
}

function LinkReveal({ studyId, eventId }: { studyId: string; eventId: string }) {
  const { t } = useTranslation('studies');
  const [shown, setShown] = useState(false);
  const link = useCheckInLink(studyId, eventId, shown);
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  return (
    <div className="stack">
      {!shown ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setShown(true)}>
          {t('checkIn.revealLink')}
        </button>
      ) : link.isPending ? (
        <LoadingState />
      ) : link.isError ? (
        <ErrorMessage error={link.error} />
      ) : (
        <div className="row">
          <input className="ci-link" readOnly value={url} aria-label={t('checkIn.linkLabel')} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t('checkIn.copied')))}
          >
            {t('checkIn.copy')}
          </button>
        </div>
      )}
    </div>
  );
}

function RulesForm({ studyId }: { studyId: string }) {
  const { t } = useTranslation('studies');
  const rules = useCheckInRules(studyId);
  const save = useSaveCheckInRules(studyId);
  const [draft, setDraft] = useState<{ opensBeforeMinutes: number; closesAfterMinutes: number; lateAfterMinutes: number } | null>(null);
  if (rules.isPending) return <LoadingState />;
  if (rules.isError) return <ErrorMessage variant="state" error={rules.error} onRetry={() => void rules.refetch()} />;
  const v = draft ?? rules.data;
  const field = (name: 'opensBeforeMinutes' | 'closesAfterMinutes' | 'lateAfterMinutes', max: number) => (
    <label className="field ci-rules__field">
      <span className="field__label">{t(`checkIn.rules.${name}`)}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={v[name]}
        onChange={(e) => setDraft({ ...v, [name]: Number(e.target.value) })}
      />
    </label>
  );
  return (
    <form
      className="ci-card stack"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { opensBeforeMinutes: v.opensBeforeMinutes, closesAfterMinutes: v.closesAfterMinutes, lateAfterMinutes: v.lateAfterMinutes },
          { onSuccess: () => toast.success(t('checkIn.rules.saved')) },
        );
      }}
    >
      <h2 className="ci-card__title">{t('checkIn.rules.title')}</h2>
      <p className="muted">{t('checkIn.rules.explain')}</p>
      <div className="ci-rules">
        {field('opensBeforeMinutes', 180)}
        {field('closesAfterMinutes', 720)}
        {field('lateAfterMinutes', 720)}
      </div>
      <ErrorMessage error={save.error} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || draft === null}>
          {t('checkIn.rules.save')}
        </button>
      </div>
    </form>
  );
}
