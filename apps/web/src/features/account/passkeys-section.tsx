/**
 * Settings › Passkeys (docs/accounts-factors.md "Passkeys"): add a passkey (the browser's own dialog),
 * list them with when they were added and last used, rename and remove. The last way to sign in
 * cannot be removed (the server refuses it too, AUTH-1034).
 */
import { PASSKEY_NAME_MAX_LENGTH, type Passkey } from '@moim/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n';
import { currentLocale } from '../../shared/i18n';
import { formatDateTime } from '../../shared/lib/format';
import { passkeyAvailability } from '../../shared/lib/passkeys-available';
import { toast } from '../../shared/toast/toast';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { ErrorMessage } from '../../shared/ui/error-message';
import { FormMessage } from '../../shared/ui/field';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { accountKeys } from './api';
import { passkeysApi, usePasskeys } from './passkeys-api';
import './passkeys.css';

/** The person closed the browser's dialog: not a failure. */
function isCancelled(err: unknown): boolean {
  const e = err as { name?: string; code?: string } | null;
  return e?.name === 'NotAllowedError' || e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED';
}

function PasskeyItem({ item, removable, onChanged }: { item: Passkey; removable: boolean; onChanged: () => void }) {
  const { t } = useTranslation('account');
  const locale = currentLocale();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (!next) return setError(t('settings.passkeys.nameRequired')); // a sentence: errorText shows a string as it is
    setBusy(true);
    setError(null);
    try {
      await passkeysApi.rename(item.id, next);
      setEditing(false);
      onChanged();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await passkeysApi.remove(item.id);
      setConfirming(false);
      toast.success(t('settings.passkeys.removed', { name: item.name }));
      onChanged();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="passkey-item">
      {editing ? (
        <form className="passkey-item__rename" onSubmit={(e) => void save(e)} noValidate>
          <label htmlFor={inputId} className="passkey-item__label">
            {t('settings.passkeys.nameLabel')}
          </label>
          <input id={inputId} value={name} maxLength={PASSKEY_NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} autoFocus />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {t('settings.passkeys.save')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setEditing(false);
                setName(item.name);
                setError(null);
              }}
            >
              {t('settings.passkeys.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="passkey-item__main">
          <strong className="passkey-item__name">{item.name}</strong>
          <span className="passkey-item__meta">
            {t('settings.passkeys.created', { at: formatDateTime(item.createdAt, locale) })}
            {' · '}
            {item.lastUsedAt
              ? t('settings.passkeys.lastUsed', { at: formatDateTime(item.lastUsedAt, locale) })
              : t('settings.passkeys.neverUsed')}
            {item.deviceType === 'multiDevice' ? ` · ${t('settings.passkeys.synced')}` : ''}
          </span>
        </div>
      )}
      {!editing && (
        <div className="passkey-item__actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setEditing(true)}
            aria-label={t('settings.passkeys.renameOf', { name: item.name })}
          >
            {t('settings.passkeys.rename')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!removable}
            aria-describedby={removable ? undefined : `${inputId}-last`}
            onClick={() => setConfirming(true)}
            aria-label={t('settings.passkeys.removeOf', { name: item.name })}
          >
            {t('settings.passkeys.remove')}
          </button>
        </div>
      )}
      {!removable && !editing && (
        <p id={`${inputId}-last`} className="passkey-item__hint">
          {t('settings.passkeys.lastMethod')}
        </p>
      )}
      <ErrorMessage error={error} />
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={t('settings.passkeys.removeTitle', { name: item.name })}
        body={t('settings.passkeys.removeBody')}
        confirmLabel={t('settings.passkeys.remove')}
        pending={busy}
        error={error}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

export function PasskeysSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const list = usePasskeys();
  const [availability] = useState(passkeyAvailability);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() });

  const add = async () => {
    setAdding(true);
    setError(null);
    setCancelled(false);
    try {
      const created = await passkeysApi.add();
      toast.success(t('settings.passkeys.added', { name: created.name }));
      refresh();
    } catch (err) {
      if (isCancelled(err)) setCancelled(true);
      else setError(err);
    } finally {
      setAdding(false);
    }
  };

  const items = list.data?.items ?? [];
  const canRemove = items.length > 1 || Boolean(list.data?.hasOtherSignIn);

  return (
    <section className="card settings-section" aria-labelledby="s-passkeys">
      <h2 id="s-passkeys">{t('settings.passkeys.title')}</h2>
      <p className="muted">{t('settings.passkeys.lead')}</p>
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('settings.passkeys.empty')} />
      ) : (
        <ul className="passkey-list" aria-label={t('settings.passkeys.title')}>
          {items.map((item) => (
            <PasskeyItem key={item.id} item={item} removable={canRemove} onChanged={refresh} />
          ))}
        </ul>
      )}
      <ErrorMessage error={error} />
      {cancelled && <FormMessage tone="info">{t('settings.passkeys.cancelled')}</FormMessage>}
      {availability === 'yes' ? (
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void add()} disabled={adding} aria-busy={adding}>
            {adding ? t('settings.passkeys.adding') : t('settings.passkeys.add')}
          </button>
        </div>
      ) : (
        <FormMessage tone="info">
          {t(availability === 'ip-address' ? 'settings.passkeys.ipAddress' : 'settings.passkeys.unsupported')}
        </FormMessage>
      )}
    </section>
  );
}
