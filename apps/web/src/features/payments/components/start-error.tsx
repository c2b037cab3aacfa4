/**
 * Why a payment could not start, as an alert. BIZ-3005 (the site was opened at an address the
 * server will not return to) also offers the site's main address, so the button never just
 * does nothing.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';

export function StartError({ error }: { error: Error }) {
  const { t } = useTranslation('payments');
  const publicOrigin =
    error instanceof ApiError && error.code === 'BIZ-3005'
      ? (error.details as { publicOrigin?: string } | undefined)?.publicOrigin
      : undefined;
  return (
    <div className="pay-alert pay-alert--error" role="alert">
      <p>{error.message}</p>
      {publicOrigin && /^https?:\/\//.test(publicOrigin) && (
        <p>
          <a href={`${publicOrigin}${window.location.pathname}${window.location.search}`}>{t('common.openAt', { origin: publicOrigin })}</a>
        </p>
      )}
    </div>
  );
}
