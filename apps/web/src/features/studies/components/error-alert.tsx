/**
 * A failed action, said clearly: the catalogue message (SPEC §8) and, when the server gave a
 * more specific Korean reason (정원 초과, 모집 마감 …), that reason too.
 */
import { ApiError } from '../../../shared/api/client';

export function errorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const s = error.serverMessage?.trim();
  if (!s || s === error.message || !/[\uAC00-\uD7A3]/.test(s)) return null;
  return s;
}

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const detail = errorDetail(error);
  return (
    <div className="st-alert st-alert--danger" role="alert">
      <strong>{title ?? message}</strong>
      {title && <p>{message}</p>}
      {detail && <p>{detail}</p>}
    </div>
  );
}
