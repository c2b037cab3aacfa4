/**
 * /study/{slug}/check-in: a member checks in to the session that is open now, by the address the
 * leader's QR code opens (`?e=<event>&c=<code>`, or `&l=<token>` for an online session's link),
 * which checks in at once, or by typing the six digits. Below, the member's own record.
 */
import { CHECK_IN_CODE_DIGITS } from '@moim/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDate } from '../../../shared/lib/format';
import { useCheckIn, useMyAttendance } from '../api/check-in-api';
import { MyDeposit } from '../components/my-deposit';
import { useStudy } from '../api/studies-api';
import { studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import './manage/check-in.css';

export default function CheckInPage() {
  const { t } = useTranslation('studies');
  const { studyId } = useParams();
  const study = useStudy(studyId);
  const [params] = useSearchParams();
  const s = study.data;
  const member = !!s?.viewer?.isActiveMember && s.viewer.role !== 'OWNER';
  const checkIn = useCheckIn(s?.id ?? '');
  const mine = useMyAttendance(s?.id, member);
  const [digits, setDigits] = useState(params.get('c') ?? '');
  const sentFromLink = useRef(false);
  const eventId = params.get('e') ?? undefined;
  const link = params.get('l') ?? undefined;

  // the QR code or the online link carries everything: check in once, as soon as the study is known
  useEffect(() => {
    if (!s || !member || sentFromLink.current) return;
    const code = params.get('c');
    if (!(code && /^\d{6}$/.test(code)) && !link) return;
    sentFromLink.current = true;
    checkIn.mutate(link ? { eventId, link } : { eventId, code: code! });
  }, [s, member, params, link, eventId, checkIn]);

  if (study.isPending) return <LoadingState />;
  if (study.isError) return <ErrorMessage variant="state" error={study.error} onRetry={() => void study.refetch()} />;
  if (!s) return null;
  return (
    <div className="page container stack ci-page">
      <BackLink to={studyPath(s)}>{t('manage.viewPage')}</BackLink>
      <h1 className="ci-h1">{t('checkIn.memberTitle')}</h1>
      <p className="muted" data-user-content="">
        {s.title}
      </p>
      {!member ? (
        <EmptyState title={t('checkIn.membersOnly')}>
          <Link className="btn btn-secondary" to={studyPath(s)}>
            {t('apply.backToStudy')}
          </Link>
        </EmptyState>
      ) : checkIn.isSuccess ? (
        <div className="ci-card ci-done" role="status">
          <p className="ci-done__mark" aria-hidden="true">
            ✓
          </p>
          <p className="ci-done__text" data-testid="check-in-done">
            {t(`checkIn.done.${checkIn.data.status}`, { date: formatDate(checkIn.data.date) })}
          </p>
        </div>
      ) : (
        <form
          className="ci-card stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (digits.length !== CHECK_IN_CODE_DIGITS) return;
            // typed digits go to whichever of the study's sessions is open now (the QR's event when it came from one)
            checkIn.mutate(eventId ? { eventId, code: digits } : { code: digits });
          }}
        >
          <label className="field">
            <span className="field__label">{t('checkIn.typeCode')}</span>
            <input
              className="ci-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={CHECK_IN_CODE_DIGITS}
              value={digits}
              onChange={(e) => setDigits(e.target.value.replace(/\D/g, '').slice(0, CHECK_IN_CODE_DIGITS))}
              aria-describedby="ci-code-help"
            />
            <span id="ci-code-help" className="field__hint">
              {t('checkIn.typeCodeHint')}
            </span>
          </label>
          <ErrorMessage error={checkIn.error} />
          <div>
            <button type="submit" className="btn btn-primary" disabled={checkIn.isPending || digits.length !== CHECK_IN_CODE_DIGITS}>
              {checkIn.isPending ? t('checkIn.sending') : t('checkIn.submit')}
            </button>
          </div>
        </form>
      )}
      {member && <MyRecord loading={mine.isPending} error={mine.error} data={mine.data} />}
      <MyDeposit studyId={s.id} enabled={member} />
    </div>
  );
}

function MyRecord({ loading, error, data }: { loading: boolean; error: unknown; data: ReturnType<typeof useMyAttendance>['data'] }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  if (loading) return <LoadingState />;
  if (error) return <ErrorMessage error={error} />;
  if (!data) return null;
  const sm = data.summary;
  return (
    <section className="ci-card stack" aria-labelledby="ci-mine-title">
      <h2 id="ci-mine-title" className="ci-card__title">
        {t('checkIn.mine.title')}
      </h2>
      <p>
        {sm.rate === null
          ? t('checkIn.mine.none')
          : t('checkIn.mine.summary', { rate: sm.rate, present: sm.present, late: sm.late, absent: sm.absent, streak: sm.streak })}
      </p>
      {data.sessions.length > 0 && (
        <ul className="ci-mine">
          {data.sessions
            .slice()
            .reverse()
            .map((x) => (
              <li key={x.eventId}>
                <span>{formatDate(x.date, locale)}</span>{' '}
                <span className={`ci-status ci-status--${x.status ?? 'NONE'}`}>{x.status ? t(`attendance.${x.status}`) : '—'}</span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
