import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n';
import { currentToasts, dismissToast, subscribeToasts, type ToastItem } from './toast';
import './toast.css';

function Toast({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item.id, item.duration]);
  return (
    <li className={`toast toast--${item.tone}`} role={item.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast__dot" aria-hidden="true" />
      <span className="toast__msg">{item.message}</span>
      <button type="button" className="toast__close" onClick={() => dismissToast(item.id)} aria-label={t('common.close')}>
        ×
      </button>
    </li>
  );
}

/** The top-centre toast region (one per page). */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <section className="toaster" aria-label={t('common.notifications')}>
      <ol aria-live="polite" aria-relevant="additions">
        {items.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
