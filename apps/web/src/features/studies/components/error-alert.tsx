/**
 * A failed action, said plainly. The heading is the server's specific reason (정원 초과, 모집
 * 마감 …) when it gave one in the reader's language, else plain words for the code; the SPEC §8
 * catalogue message stays underneath. "서비스 규칙에 맞지 않는 요청입니다." is never a heading.
 */
import { useTranslation } from 'react-i18next';
import { ApiError, uiLocale } from '../../../shared/api/client';

/** Codes whose catalogue message is too abstract for a heading. */
const PLAIN_HEADINGS = new Set(['BIZ-3002', 'BIZ-3003']);

export function errorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const s = error.serverMessage?.trim();
  // The server's reasons are Korean: shown to a Korean reader only.
  if (!s || s === error.message || !/[\uAC00-\uD7A3]/.test(s) || uiLocale() !== 'ko') return null;
  return s;
}

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation('studies');
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const detail = errorDetail(error);
  const plain = error instanceof ApiError && PLAIN_HEADINGS.has(error.code) ? t(`errorHeading.${error.code}`) : null;
  const heading = title ?? detail ?? plain ?? message;
  return (
    <div className="st-alert st-alert--danger" role="alert">
      <strong>{heading}</strong>
      {title && detail && <p>{detail}</p>}
      {heading !== message && <p>{message}</p>}
    </div>
  );
}
