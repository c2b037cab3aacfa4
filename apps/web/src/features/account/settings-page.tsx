/**
 * /users/me/edit: profile fields, profile picture (base64 upload, then GET /api/users/me every
 * 2 s, up to 30 times, while the picture is PENDING — SPEC §5, §9), password change,
 * sign-ins and sessions (features/security-log), deactivation and deletion (typed confirmation).
 */
import {
  BIO_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIME_TYPES,
  PROFILE_IMAGE_POLL_INTERVAL_MS,
  PROFILE_IMAGE_POLL_MAX_TRIES,
  PROFILE_LINKS_MAX,
  USERNAME_PATTERN,
  profileLink,
} from '@moim/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useAuth } from '../../shared/auth/auth-provider';
import { StepUpCancelled, useStepUp } from '../../shared/auth/step-up-dialog';
import type { SessionUser } from '../../shared/auth/types';
import { toast } from '../../shared/toast/toast';
import { Avatar } from '../../shared/ui/avatar';
import { ErrorMessage, errorText } from '../../shared/ui/error-message';
import { Field, FormMessage } from '../../shared/ui/field';
import { fieldError } from '../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../shared/ui/server-field-errors';
import { useContractForm } from '../../shared/ui/use-contract-form';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { readAsBase64 } from '../../shared/lib/read-as-base64';
import { accountApi, accountKeys, useMe, type MeProfile } from './api';
import { PasskeysSection } from './passkeys-section';
import './account.css';

// The jobs navigator's skill profile: a section of its own feature, in its own chunk.
const JobSkillProfileSection = lazy(() => import('../job-postings').then((m) => ({ default: m.SkillProfileSection })));
// Sign-ins and sessions: a section of the security log's feature, in its own chunk.
const SecuritySection = lazy(() => import('../security-log').then((m) => ({ default: m.SecuritySection })));
const DataExportSection = lazy(() => import('../privacy').then((m) => ({ default: m.DataExportSection })));

const USERNAME = USERNAME_PATTERN;
const MAX_LINKS = PROFILE_LINKS_MAX;
const MAX_IMAGE_BYTES = PROFILE_IMAGE_MAX_BYTES;
const IMAGE_TYPES: readonly string[] = PROFILE_IMAGE_MIME_TYPES;

const profileForm = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  username: z
    .string()
    .trim()
    .refine((v) => v === '' || USERNAME.test(v), { message: 'form.username' }),
  bio: z.string().max(BIO_MAX_LENGTH),
  // the address: the contract's link rule, as the server applies it ("github.com/x" → https://github.com/x)
  links: z.array(z.object({ label: z.string().trim().max(30), url: profileLink.shape.url })).max(MAX_LINKS),
});

const passwordForm = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    confirm: z.string().min(1),
  })
  .refine((v) => v.newPassword === v.confirm, { message: 'form.passwordMismatch', path: ['confirm'] });

function useSyncUser() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return (u: SessionUser) => {
    queryClient.setQueryData(accountKeys.me(), u);
    auth.setUser(u);
  };
}

function ProfileSectionForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const sync = useSyncUser();
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(profileForm, {
    defaultValues: { name: user.name, username: user.username ?? '', bio: user.bio ?? '', links: user.links ?? [] },
  });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const updated = await accountApi.update({
        name: v.name.trim(),
        username: v.username.trim() || null,
        bio: v.bio.trim() || null,
        links: v.links.map((l) => ({ label: (l.label.trim() || new URL(l.url).hostname).slice(0, 30), url: l.url })),
      });
      sync(updated ?? { ...user, ...v });
      form.reset(v);
      toast.success(t('settings.profile.saved'));
    } catch (err) {
      placeServerFieldErrors(err, form);
      setError(err);
    }
  });
  return (
    <section className="card settings-section" aria-labelledby="s-profile">
      <h2 id="s-profile">{t('settings.profile.title')}</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorMessage error={error} />
        <div className="form-grid">
          <Field label={t('fields.name')} error={fieldError(t, errors.name?.message)}>
            <input autoComplete="name" {...form.register('name')} />
          </Field>
          <Field
            label={t('fields.username')}
            optional={t('common.optional', { ns: 'translation' })}
            error={fieldError(t, errors.username?.message)}
          >
            <input autoComplete="username" {...form.register('username')} />
          </Field>
        </div>
        <Field label={t('fields.bio')} hint={t('settings.profile.bioHint')} error={fieldError(t, errors.bio?.message)}>
          <textarea rows={4} {...form.register('bio')} />
        </Field>
        <fieldset className="links-fieldset">
          <legend className="field__label">{t('fields.links')}</legend>
          {links.fields.map((f, i) => (
            <div key={f.id} className="link-row">
              <Field label={t('fields.linkLabel')} error={fieldError(t, errors.links?.[i]?.label?.message)}>
                <input {...form.register(`links.${i}.label`)} placeholder="GitHub" />
              </Field>
              <Field label={t('fields.linkUrl')} error={fieldError(t, errors.links?.[i]?.url?.message)}>
                <input type="url" inputMode="url" {...form.register(`links.${i}.url`)} placeholder="github.com/…" />
              </Field>
              <button
                type="button"
                className="btn btn-ghost btn-sm link-row__remove"
                onClick={() => links.remove(i)}
                aria-label={t('settings.profile.removeLink', { n: i + 1 })}
              >
                {t('settings.profile.remove')}
              </button>
            </div>
          ))}
          {links.fields.length < MAX_LINKS && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => links.append({ label: '', url: '' })}>
              {t('settings.profile.addLink')}
            </button>
          )}
        </fieldset>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

type ImagePhase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'pending'; tries: number }
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'timeout' };

function ImageSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const sync = useSyncUser();
  const [phase, setPhase] = useState<ImagePhase>(() =>
    user.profileImageStatus === 'PENDING' ? { kind: 'pending', tries: 0 } : { kind: 'idle' },
  );
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Poll while the server processes the picture.
  const pendingTries = phase.kind === 'pending' ? phase.tries : -1;
  useEffect(() => {
    if (pendingTries < 0) return;
    if (pendingTries >= PROFILE_IMAGE_POLL_MAX_TRIES) {
      const id = setTimeout(() => setPhase({ kind: 'timeout' }), 0);
      return () => clearTimeout(id);
    }
    const timer = setTimeout(async () => {
      try {
        const u = await accountApi.me();
        if (u.profileImageStatus === 'PENDING') setPhase({ kind: 'pending', tries: pendingTries + 1 });
        else {
          sync(u);
          setPreview(null);
          if (u.profileImageStatus === 'FAILED') setPhase({ kind: 'failed', message: t('settings.image.failed') });
          else {
            setPhase({ kind: 'ready' });
            toast.success(t('settings.image.ready'));
          }
        }
      } catch {
        setPhase({ kind: 'pending', tries: pendingTries + 1 });
      }
    }, PROFILE_IMAGE_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingTries]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setPhase({ kind: 'failed', message: t('settings.image.badType') });
    if (file.size > MAX_IMAGE_BYTES) return setPhase({ kind: 'failed', message: t('settings.image.tooBig') });
    setPreview(URL.createObjectURL(file));
    setPhase({ kind: 'uploading' });
    try {
      const updated = await accountApi.update({
        profileImageData: { base64: await readAsBase64(file), fileName: file.name, mimeType: file.type },
      });
      if (updated) sync(updated);
      if (updated?.profileImageStatus === 'PENDING' || !updated?.profileImage) setPhase({ kind: 'pending', tries: 0 });
      else {
        setPhase({ kind: 'ready' });
        toast.success(t('settings.image.ready'));
      }
    } catch (err) {
      setPhase({ kind: 'failed', message: errorText(err) });
    }
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'pending';
  const progress = phase.kind === 'pending' ? Math.round(((phase.tries + 1) / PROFILE_IMAGE_POLL_MAX_TRIES) * 100) : 0;
  return (
    <section className="card settings-section" aria-labelledby="s-image">
      <h2 id="s-image">{t('settings.image.title')}</h2>
      <div className="image-row">
        {preview ? (
          <img className="avatar" src={preview} alt="" width={96} height={96} style={{ width: 96, height: 96 }} />
        ) : (
          <Avatar name={user.name} src={user.profileImageStatus === 'PENDING' ? null : user.profileImage} size={96} />
        )}
        <div className="stack" style={{ gap: 'var(--space-2)', flex: 1 }}>
          <p className="muted" style={{ margin: 0 }}>
            {t('settings.image.hint')}
          </p>
          <div className="row">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
              {t('settings.image.choose')}
            </button>
            <input
              ref={inputRef}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              onChange={(e) => void onFile(e)}
              className="visually-hidden"
              aria-label={t('settings.image.choose')}
              data-testid="profile-image-input"
              tabIndex={-1}
            />
          </div>
          <div aria-live="polite" data-testid="image-status" data-phase={phase.kind}>
            {phase.kind === 'uploading' && <p className="muted">{t('settings.image.uploading')}</p>}
            {phase.kind === 'pending' && (
              <div className="image-progress">
                <progress max={100} value={progress} aria-label={t('settings.image.processing')} />
                <span>{t('settings.image.processingTry', { n: phase.tries + 1, max: PROFILE_IMAGE_POLL_MAX_TRIES })}</span>
              </div>
            )}
            {phase.kind === 'ready' && <FormMessage tone="success">{t('settings.image.ready')}</FormMessage>}
            {phase.kind === 'failed' && <FormMessage tone="error">{phase.message}</FormMessage>}
            {phase.kind === 'timeout' && <FormMessage tone="info">{t('settings.image.timeout')}</FormMessage>}
          </div>
        </div>
      </div>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation('account');
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(passwordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      // The server ends the other sessions; this one keeps its tokens.
      await accountApi.changePassword(v.currentPassword, v.newPassword);
      form.reset();
      toast.success(t('settings.password.changed'));
    } catch (err) {
      placeServerFieldErrors(err, form);
      setError(err);
    }
  });
  return (
    <section className="card settings-section" aria-labelledby="s-password">
      <h2 id="s-password">{t('settings.password.title')}</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorMessage error={error} />
        <Field label={t('fields.currentPassword')} error={fieldError(t, errors.currentPassword?.message)}>
          <input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <div className="form-grid">
          <Field label={t('fields.newPassword')} hint={t('settings.password.hint')} error={fieldError(t, errors.newPassword?.message)}>
            <input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field label={t('fields.confirmPassword')} error={fieldError(t, errors.confirm?.message)}>
            <input type="password" autoComplete="new-password" {...form.register('confirm')} />
          </Field>
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('settings.saving') : t('settings.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function DangerZone({ user }: { user: MeProfile }) {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'none' | 'deactivate' | 'delete'>('none');
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const phrase = t('settings.danger.phrase');
  const usesPassword = user.hasPassword !== false;
  const secretOk = usesPassword ? password.length > 0 : password.trim().toLowerCase() === user.email.toLowerCase();
  const canSubmit = secretOk && (mode !== 'delete' || typed.trim() === phrase);
  const stepUp = useStepUp();

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const confirm = usesPassword ? { password } : { confirmation: password.trim() };
      if (mode === 'deactivate') await accountApi.deactivate(confirm);
      // deleting without a password (a social-only account) needs a fresh proof: the step-up dialog
      else await stepUp.run(() => accountApi.remove(confirm));
      await auth.logout();
      toast.info(mode === 'deactivate' ? t('settings.danger.deactivated') : t('settings.danger.deleted'));
      navigate('/', { replace: true });
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
      setBusy(false);
    }
  };

  return (
    <section className="card settings-section settings-danger" aria-labelledby="s-danger">
      {stepUp.dialog}
      <h2 id="s-danger">{t('settings.danger.title')}</h2>
      {mode === 'none' ? (
        <div className="danger-actions">
          <div>
            <strong>{t('settings.danger.deactivateTitle')}</strong>
            <p className="muted">{t('settings.danger.deactivateBody')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => setMode('deactivate')}>
              {t('settings.danger.deactivate')}
            </button>
          </div>
          <div>
            <strong>{t('settings.danger.deleteTitle')}</strong>
            <p className="muted">{t('settings.danger.deleteBody')}</p>
            <button type="button" className="btn btn-danger" onClick={() => setMode('delete')}>
              {t('settings.danger.delete')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (canSubmit) void submit();
          }}
        >
          <FormMessage tone="error">
            {mode === 'delete' ? t('settings.danger.deleteWarning', { email: user.email }) : t('settings.danger.deactivateWarning')}
          </FormMessage>
          <ErrorMessage error={error} />
          {usesPassword ? (
            <Field label={t('fields.currentPassword')}>
              <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
          ) : (
            <Field label={t('settings.danger.typeEmail')}>
              <input type="email" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
          )}
          {mode === 'delete' && (
            <Field label={t('settings.danger.typeLabel', { phrase })}>
              <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </Field>
          )}
          <div className="row">
            <button type="submit" className="btn btn-danger" disabled={!canSubmit || busy}>
              {mode === 'delete' ? t('settings.danger.deleteConfirm') : t('settings.danger.deactivateConfirm')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setMode('none');
                setPassword('');
                setTyped('');
                setError(null);
              }}
            >
              {t('common.cancel', { ns: 'translation' })}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  if (me.isLoading) return <LoadingState />;
  if (!me.data)
    return me.error ? (
      <ErrorMessage variant="state" error={me.error} onRetry={() => void me.refetch()} />
    ) : (
      <ErrorState message={t('profile.loadError')} onRetry={() => void me.refetch()} />
    );
  return (
    <div className="container settings-page">
      <div className="settings-head">
        <div>
          <p className="page-header__eyebrow">{t('settings.eyebrow')}</p>
          <h1>{t('settings.title')}</h1>
        </div>
        <div className="row">
          <Link to="/users/me/security" className="btn btn-secondary">
            {t('settings.securityLink')}
          </Link>
          <Link to="/users/me" className="btn btn-ghost">
            {t('settings.toProfile')}
          </Link>
        </div>
      </div>
      <ImageSection user={me.data} />
      <ProfileSectionForm user={me.data} />
      <Suspense fallback={<LoadingState />}>
        <JobSkillProfileSection />
      </Suspense>
      <PasswordSection />
      <PasskeysSection />
      <Suspense fallback={<LoadingState />}>
        <SecuritySection />
      </Suspense>
      <Suspense fallback={<LoadingState />}>
        <DataExportSection />
      </Suspense>
      <DangerZone user={me.data} />
    </div>
  );
}
