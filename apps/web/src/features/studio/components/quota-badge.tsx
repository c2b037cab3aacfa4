/** Today's analyses left and a live countdown to the reset at 00:00 Asia/Seoul. */
import type { StudioQuota } from '@moim/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import './quota-badge.css';

export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

export function QuotaBadge({ quota }: { quota: StudioQuota }) {
  const { t } = useTranslation('studio');
  const now = useNow();
  const left = Date.parse(quota.resetsAt) - now;
  return (
    <div className={`quota${quota.remaining === 0 ? ' quota--empty' : ''}`} data-testid="studio-quota">
      <strong>{t('quota.left', { remaining: quota.remaining, limit: quota.limit })}</strong>
      <span className="muted">
        {t('quota.resetIn')} <time dateTime={quota.resetsAt}>{formatCountdown(left)}</time>
      </span>
    </div>
  );
}
