import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

/** A value with a copy button; the result is announced politely. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('payments');
  const [copied, setCopied] = useState(false);
  return (
    <span className="pay-copy">
      <code>{value}</code>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={t('common.copyLabel', { what: label })}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {t('common.copy')}
      </button>
      <span role="status" aria-live="polite" className="muted">
        {copied ? t('common.copied') : ''}
      </span>
    </span>
  );
}
