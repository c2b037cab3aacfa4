import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { copyText } from '../../../shared/lib/copy-text';

/**
 * The page address as people read it: "/study/1-모임-캘린더" rather than the percent-encoded
 * form the browser keeps in location.href. A malformed escape leaves the address as it is.
 */
export function readableUrl(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/** "링크 복사" for the current page, with the result announced politely. */
export function CopyLinkButton({ className = 'btn btn-secondary' }: { className?: string }) {
  const { t } = useTranslation('studies');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="st-copy-link">
      <button
        type="button"
        className={className}
        onClick={() => {
          copyText(readableUrl(window.location.href)).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {t('detail.copyLink')}
      </button>
      <span role="status" aria-live="polite" className="st-copy-link__status muted">
        {state === 'copied' ? t('detail.linkCopied') : state === 'failed' ? t('detail.copyFailed') : ''}
      </span>
    </div>
  );
}
