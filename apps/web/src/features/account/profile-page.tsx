/**
 * /users/me: the signed-in user's profile. Other features add sections below the profile card
 * through the shell's `profileSections` slot (e.g. "my studies" from the studies feature); a
 * page can also place content directly with <ProfileSection title=…>children</ProfileSection>.
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { useShellSlots } from '../../shared/shell/slots';
import { Avatar } from '../../shared/ui/avatar';
import { QuietBoundary } from '../../shared/ui/error-boundary';
import { ErrorMessage } from '../../shared/ui/error-message';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useMe } from './api';
import './account.css';

/** A titled section of the profile page (the extension point's frame). */
export function ProfileSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="card profile-section">
      <div className="profile-section__head">
        <h2>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Renders every section other features registered (each lazy and failure-isolated). */
export function ProfileExtensionSlot() {
  const { profileSections = [] } = useShellSlots();
  return (
    <>
      {profileSections.map((Section, i) => (
        <QuietBoundary key={i}>
          <Suspense fallback={<LoadingState />}>
            <Section />
          </Suspense>
        </QuietBoundary>
      ))}
    </>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const me = useMe();
  const user = me.data ?? auth.user;
  const { profileSections = [] } = useShellSlots();

  if (!user && me.isLoading) return <LoadingState />;
  if (!user)
    return me.error ? (
      <ErrorMessage variant="state" error={me.error} onRetry={() => void me.refetch()} />
    ) : (
      <ErrorState message={t('profile.loadError')} onRetry={() => void me.refetch()} />
    );

  const pending = user.profileImageStatus === 'PENDING';
  return (
    <div className="account-page">
      <div className="profile-cover" aria-hidden="true" />
      <div className="container account-layout">
        <section className="card profile-card" aria-labelledby="profile-name">
          <div className="profile-card__avatar">
            <Avatar name={user.name} src={pending ? null : user.profileImage} size={112} />
            {pending && <span className="badge">{t('profile.imagePending')}</span>}
          </div>
          <h1 id="profile-name" className="profile-card__name" data-user-content="">
            {user.name}
          </h1>
          {user.username && <p className="profile-card__username">@{user.username}</p>}
          <p className="muted profile-card__email">{user.email}</p>
          <ul className="profile-card__roles" aria-label={t('profile.roles')}>
            {(user.roles ?? []).map((r) => (
              <li key={r} className="badge badge--primary">
                {t(`roles.${r}`, { defaultValue: r })}
              </li>
            ))}
          </ul>
          <Link to="/users/me/edit" className="btn btn-secondary btn-block">
            {t('profile.edit')}
          </Link>
        </section>
        <div className="account-main">
          <ProfileSection title={t('profile.about')}>
            {user.bio ? (
              <p className="profile-bio" data-user-content="">
                {user.bio}
              </p>
            ) : (
              <p className="muted">{t('profile.noBio')}</p>
            )}
            {user.links && user.links.length > 0 && (
              <ul className="profile-links">
                {user.links.map((l) => (
                  <li key={l.url}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer nofollow">
                      {l.label || l.url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </ProfileSection>
          <ProfileExtensionSlot />
          {/* Until the studies feature adds "my studies" to the slot, point there. */}
          {profileSections.length === 0 && (
            <ProfileSection title={t('profile.studiesTitle')}>
              <p className="muted">{t('profile.studiesBody')}</p>
              <div className="row">
                <Link to="/study" className="btn btn-primary btn-sm">
                  {t('profile.findStudies')}
                </Link>
                <Link to="/study/propose" className="btn btn-ghost btn-sm">
                  {t('profile.propose')}
                </Link>
              </div>
            </ProfileSection>
          )}
        </div>
      </div>
    </div>
  );
}
