import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/** Copies `text` with the Clipboard API, falling back to a hidden textarea and execCommand. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or no secure context: try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!ok) throw new Error('copy failed');
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
