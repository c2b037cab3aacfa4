/**
 * Why a payment could not start: the shared error message, and for BIZ-3005 (the site was
 * opened at an address the server will not return to) the site's main address too, so the
 * button never just does nothing.
 */
import { useTranslation } from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/client';
import { ErrorMessage } from '../../../shared/ui/error-message';

export function StartError({ error }: { error: Error }) {
  const { t } = useTranslation('payments');
  const publicOrigin =
    error instanceof ApiError && error.code === 'BIZ-3005'
      ? (error.details as { publicOrigin?: string } | undefined)?.publicOrigin
      : undefined;
  return (
    <>
      <ErrorMessage error={error} />
      {publicOrigin && /^https?:\/\//.test(publicOrigin) && (
        <p>
          <a href={`${publicOrigin}${window.location.pathname}${window.location.search}`}>{t('common.openAt', { origin: publicOrigin })}</a>
        </p>
      )}
    </>
  );
}
