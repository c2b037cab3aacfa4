/**
 * The back office's view of one member's second factor, and an admin's reset of a lost one
 * (docs/accounts-factors.md "Admin recovery of a lost factor"): shows whether it is on and how
 * many recovery codes are left; the reset asks to confirm, then for a fresh proof (step-up) when
 * needed. The server logs it and tells the member and the other admins.
 */
import { adminSecondFactorReset } from '@moim/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { api } from '../../shared/api/client';
import { adminPaths } from '../../shared/api/paths/admin';
import { StepUpCancelled, useStepUp } from '../../shared/auth/step-up-dialog';
import { toast } from '../../shared/toast/toast';
import { Dialog } from '../../shared/ui/dialog';
import { ErrorMessage } from '../../shared/ui/error-message';
import { FormMessage } from '../../shared/ui/field';
import { LoadingState } from '../../shared/ui/states';
import { adminKeys, adminSecondFactorQuery } from './admin-api';

const DEV = import.meta.env.DEV;

export function AdminSecondFactorDialog({ user, onClose }: { user: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation('admin-shell');
  const queryClient = useQueryClient();
  const status = useQuery(adminSecondFactorQuery(user.id));
  const { run, dialog } = useStepUp();
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      await run(() => api.post(adminPaths.userSecondFactorReset(user.id), {}, { schema: DEV && adminSecondFactorReset }));
      toast.success(t('secondFactor.done'));
      setSure(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.userSecondFactor(user.id) });
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open
        title={
          <>
            {t('secondFactor.title')} · <bdi data-user-content="">{user.name}</bdi>
          </>
        }
        onClose={onClose}
        busy={busy}
        footer={
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('secondFactor.close')}
          </button>
        }
      >
        {status.isLoading && <LoadingState />}
        {status.isError && <ErrorMessage variant="state" error={status.error} onRetry={() => void status.refetch()} />}
        {status.data && (
          <div className="stack">
            <p>
              <strong>{status.data.enabled ? t('secondFactor.on') : t('secondFactor.off')}</strong>
              {status.data.enabled && ` · ${t('secondFactor.codesLeft', { count: status.data.recoveryCodesLeft })}`}
            </p>
            {status.data.enrolAgain && <FormMessage tone="info">{t('secondFactor.enrolAgain')}</FormMessage>}
            <ErrorMessage error={error} />
            {status.data.enabled && (
              <>
                <p className="muted">{t('secondFactor.lead')}</p>
                <label className="row">
                  <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />
                  <span>{t('secondFactor.confirm')}</span>
                </label>
                <div className="row">
                  <button type="button" className="btn btn-danger" disabled={!sure || busy} onClick={() => void reset()}>
                    {busy ? t('secondFactor.resetting') : t('secondFactor.reset')}
                  </button>
                </div>
              </>
            )}
          </div>
        )}
      </Dialog>
      {dialog}
    </>
  );
}
