/**
 * "My studies" on /users/me (GET /api/studies/my?format=grouped): the nine groups of SPEC §4,
 * each with what it means and what to do next; accepted applications of paid studies link to
 * payment. Placed by the account page through the shell's `profileSections` slot.
 */
import { MY_STUDY_GROUPS, studySeats, type MyStudyGroup, type MyStudyItem } from '@moim/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useMyReview } from '../api/study-content-api';
import { useCancelApplication, useMyStudies } from '../api/studies-api';
import { StatusBadge } from '../components/status-badge';
import { SessionSpan } from '../components/session-span';
import { formatDate, formatDateTime, formatKrw } from '../../../shared/lib/format';
import { managePath, reviewPath, studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import { PayAction } from './pay-action';
import { StudyCover } from '../../../shared/ui/study-cover';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../studies.css';
import '../study-cover.css';

export default function MyStudiesSection() {
  const { t } = useTranslation('studies');
  const auth = useAuth();
  const my = useMyStudies(auth.isAuthenticated);
  const groups = my.data?.groups;
  const total = groups ? MY_STUDY_GROUPS.reduce((n, g) => n + groups[g].length, 0) : 0;

  return (
    <section id="my-studies" className="st-my card" aria-labelledby="my-studies-title">
      <div className="st-my__head">
        <h2 id="my-studies-title" className="st-my__title">
          {t('my.title')}
        </h2>
        <Link to="/study" className="btn btn-ghost">
          {t('my.browse')}
        </Link>
      </div>
      {my.isPending ? (
        <LoadingState />
      ) : my.isError ? (
        <ErrorMessage variant="state" error={my.error} onRetry={() => void my.refetch()} />
      ) : total === 0 ? (
        <EmptyState title={t('my.empty')}>
          <p>{t('my.emptyBody')}</p>
          <Link to="/study" className="btn btn-primary">
            {t('my.browse')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <nav className="st-my__nav" aria-label={t('my.groupsNav')}>
            {MY_STUDY_GROUPS.map((g) => (
              <a key={g} href={`#my-${g}`} className={`st-my__chip ${groups![g].length ? '' : 'is-empty'}`}>
                {t(`my.groups.${g}.title`)} <span className="st-my__n">{groups![g].length}</span>
              </a>
            ))}
          </nav>
          {MY_STUDY_GROUPS.filter((g) => groups![g].length > 0).map((g) => (
            <MyGroup key={g} group={g} items={groups![g]} userId={auth.user?.id ?? ''} />
          ))}
          <section className="st-my__others" aria-labelledby="my-others-title">
            <h3 id="my-others-title" className="st-my__otitle">
              {t('my.otherGroups')}
            </h3>
            <ul className="st-my__ogrid">
              {MY_STUDY_GROUPS.filter((g) => groups![g].length === 0).map((g) => (
                <li key={g} id={`my-${g}`} className="st-my__ocard">
                  <strong>
                    {t(`my.groups.${g}.title`)} <span className="st-my__n">0</span>
                  </strong>
                  <span>{t(`my.groups.${g}.explain`)}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

function MyGroup({ group, items, userId }: { group: MyStudyGroup; items: MyStudyItem[]; userId: string }) {
  const { t } = useTranslation('studies');
  return (
    <section id={`my-${group}`} className="st-my__group" aria-labelledby={`my-${group}-title`}>
      <h3 id={`my-${group}-title`} className="st-my__gtitle">
        {t(`my.groups.${group}.title`)} <span className="st-my__n">{items.length}</span>
      </h3>
      <p className="st-my__explain">{t(`my.groups.${group}.explain`)}</p>
      {items.length > 0 && (
        <ul className="st-my__list">
          {items.map((item) => (
            <MyItem
              key={`${item.study.id}-${item.application?.applicationId ?? item.membership?.memberId ?? ''}`}
              group={group}
              item={item}
              userId={userId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyItem({ group, item, userId }: { group: MyStudyGroup; item: MyStudyItem; userId: string }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const { study, application, membership } = item;
  const cancel = useCancelApplication(study.id);
  let detail: string | null = null;
  let action: ReactNode = null;
  switch (group) {
    case 'proposed':
      detail =
        study.status === 'REJECTED' && study.rejectReason
          ? t('my.rejectReason', { reason: study.rejectReason })
          : t(`manage.status.explain.${study.status}`);
      action = (
        <Link className="btn btn-secondary btn-sm" to={managePath(study)}>
          {t('cta.manage')}
        </Link>
      );
      break;
    case 'pending':
      detail = application ? t('my.appliedAt', { date: formatDate(application.appliedAt, locale) }) : null;
      action = application && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={cancel.isPending}
          onClick={() => {
            if (window.confirm(t('my.cancelConfirm', { title: study.title })))
              cancel.mutate({ applicationId: application.applicationId, applicantId: userId });
          }}
        >
          {t('my.cancel')}
        </button>
      );
      break;
    case 'awaitingPayment':
      detail = application
        ? t('my.payBy', {
            amount: formatKrw(application.amountDue || study.cost, locale),
            date: application.paymentDeadline ? formatDateTime(application.paymentDeadline, locale) : '—',
          })
        : null;
      action = application && <PayAction study={study} application={application} />;
      break;
    case 'depositPending':
      detail = t('my.depositPending');
      break;
    case 'confirmed':
      detail = application?.confirmedAt ? t('my.confirmedAt', { date: formatDate(application.confirmedAt, locale) }) : null;
      break;
    case 'leading':
      action = (
        <Link className="btn btn-secondary btn-sm" to={managePath(study)}>
          {t('cta.manage')}
        </Link>
      );
      detail = t('my.members', { count: studySeats(study).taken, capacity: study.capacity });
      break;
    case 'participating':
      detail = membership
        ? [
            membership.attendanceRate !== null ? t('my.attendance', { rate: Math.round(membership.attendanceRate) }) : null,
            membership.warningCount > 0 ? t('my.warnings', { count: membership.warningCount }) : null,
          ]
            .filter(Boolean)
            .join(' · ') || t('my.joinedAt', { date: formatDate(membership.joinedAt, locale) })
        : null;
      break;
    case 'completed':
      action = <ReviewAction study={study} />;
      break;
    case 'inactive':
      detail =
        study.status === 'TERMINATED'
          ? t('my.inactiveTerminated')
          : membership && !membership.isActive
            ? t('my.leftStudy')
            : application
              ? [t(`appStatus.${application.status}`), application.reviewNote].filter(Boolean).join(' · ')
              : null;
      break;
  }
  return (
    <li className="st-my__item">
      <div className="st-my__lead">
        <StudyCover study={study} shape="thumb" sizes="112px" />
        <div className="st-my__main">
          <div className="row">
            <StatusBadge study={study} />
            {application && group !== 'inactive' && <span className="badge">{t(`appStatus.${application.status}`)}</span>}
            {membership && <span className="badge">{t(`role.${membership.role}`)}</span>}
          </div>
          <Link to={studyPath(study)} className="st-my__link" data-user-content="">
            {study.title}
          </Link>
          <p className="st-my__sessions muted">
            <SessionSpan study={study} />
          </p>
          {detail && <p className="st-my__detail">{detail}</p>}
          {cancel.isError && <ErrorMessage error={cancel.error} />}
        </div>
      </div>
      {action && <div className="st-my__action">{action}</div>}
    </li>
  );
}

/** A completed study: "write a review", or once written "reviewed" with a link to it. */
function ReviewAction({ study }: { study: MyStudyItem['study'] }) {
  const { t } = useTranslation('studies');
  const mine = useMyReview(study.id);
  if (mine.isPending) return <span className="muted">{t('my.reviewChecking')}</span>;
  if (mine.data) {
    return (
      <span className="st-my__reviewed" data-testid="my-study-reviewed">
        <span className="badge badge--success">{t('my.reviewed')}</span>
        <Link to={`${studyPath(study)}#review-${mine.data.id}`}>{t('my.viewReview')}</Link>
      </span>
    );
  }
  return (
    <Link className="btn btn-secondary btn-sm" to={reviewPath(study)}>
      {t('cta.review')}
    </Link>
  );
}
