import type { CalendarEvent } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { formatTimeRange } from '../../../shared/lib/format';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { useMyActiveStudyIds, useRsvp } from '../api/calendar-api';

/** One event with its study, time, place, seats and the RSVP toggle (login link for guests). */
export function EventItem({ event, showDate, dateLabel }: { event: CalendarEvent; showDate?: boolean; dateLabel?: string }) {
  const { t, i18n } = useTranslation('calendar');
  const location = useLocation();
  const rsvp = useRsvp();
  const [rsvped, setRsvped] = useState(event.rsvped);
  const [count, setCount] = useState(event.currentParticipants);
  const [synced, setSynced] = useState(event);
  if (synced !== event) {
    setSynced(event);
    setRsvped(event.rsvped);
    setCount(event.currentParticipants);
  }
  const full = event.participantLimit !== null && count >= event.participantLimit && !rsvped;
  const signedIn = event.rsvped !== null;
  const mine = useMyActiveStudyIds(signedIn && event.eventType === 'regular');
  const membersOnly = event.eventType === 'regular' && signedIn && !!mine.data && !mine.data.has(event.studyId);
  const canRsvp = event.eventType !== 'recruitment';
  const toggle = () =>
    rsvp.mutate(
      { eventId: event.id, attend: !rsvped },
      {
        onSuccess: (r) => {
          setRsvped(r.rsvped);
          setCount(r.currentParticipants);
        },
      },
    );
  const studyHref = `/study/${event.studySlug || event.studyId}`;
  // A regular session is usually named after its study: then the title itself links to the study.
  // A recruitment deadline is named by its badge (in the reader's language), so its heading is the
  // study's own title, never the server's stored "… 모집 마감".
  const recruitment = event.eventType === 'recruitment';
  const sameAsStudy = recruitment || event.title.trim() === event.studyTitle.trim();
  return (
    <article className={`cal-event cal-event--${event.eventType}`}>
      <div className="cal-event__top">
        <span className="cal-event__time">
          {showDate && dateLabel && <span className="cal-event__date">{dateLabel} · </span>}
          {event.eventType === 'recruitment' ? t('allDay') : formatTimeRange(event.startTime, event.endTime, i18n.language)}
        </span>
        <span className={`badge cal-type cal-type--${event.eventType}`}>{t(`eventType.${event.eventType}`)}</span>
        {event.eventType !== 'recruitment' && <span className="badge">{t(`location.${event.location}`)}</span>}
      </div>
      <h3 className="cal-event__title">
        {sameAsStudy ? (
          <Link className="cal-event__titlelink" to={studyHref} data-user-content="">
            {recruitment ? event.studyTitle : event.title}
          </Link>
        ) : (
          <span data-user-content="">{event.title}</span>
        )}
      </h3>
      {!sameAsStudy && (
        <Link className="cal-event__study" to={studyHref} data-user-content="">
          {event.studyTitle}
        </Link>
      )}
      {(event.address || canRsvp) && (
        <p className="cal-event__meta">
          {event.address && <span data-user-content="">{event.address}</span>}
          {event.address && canRsvp && ' · '}
          {canRsvp &&
            (event.participantLimit !== null
              ? t('participantsOf', { count, limit: event.participantLimit })
              : t('participants', { count }))}
        </p>
      )}
      {canRsvp && (
        <div className="cal-event__action">
          {membersOnly ? (
            <p className="cal-event__meta">{t('membersOnly')}</p>
          ) : rsvped === null ? (
            <Link
              className="btn btn-secondary cal-event__btn"
              to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
            >
              {t('loginToRsvp')}
            </Link>
          ) : (
            <button
              type="button"
              className={`btn cal-event__btn ${rsvped ? 'btn-secondary' : 'btn-primary'}`}
              aria-pressed={rsvped}
              disabled={rsvp.isPending || full}
              onClick={toggle}
            >
              {rsvped ? t('rsvpCancel') : full ? t('full') : t('rsvp')}
            </button>
          )}
          <ErrorMessage error={rsvp.error} />
        </div>
      )}
    </article>
  );
}
