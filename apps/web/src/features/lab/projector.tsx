/**
 * The projector view: full window, dark background, large type; Escape or the button closes it.
 * With `fullscreen` it also asks the browser for the whole screen (Fullscreen API); leaving full
 * screen the browser's way (Escape, the browser's own control) closes the view too. Where the
 * API is missing or refused (an iPhone), the view still fills the window. With `open` false it is
 * a plain box around its children, so a page can switch a live part (a running show) in and out
 * of the projector without mounting it again.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useFocusTrap } from '../../shared/ui/use-focus-trap';

export function Projector({
  title,
  onClose,
  children,
  fullscreen = false,
  open = true,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  fullscreen?: boolean;
  open?: boolean;
}) {
  const { t } = useTranslation('lab');
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useFocusTrap(ref, open, onClose);

  useEffect(() => {
    const el = ref.current;
    if (!open || !fullscreen || !el || typeof el.requestFullscreen !== 'function') return;
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement === el) entered = true;
      else if (entered) close.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    el.requestFullscreen().catch(() => undefined);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement === el) void document.exitFullscreen().catch(() => undefined);
    };
  }, [open, fullscreen]);

  if (!open)
    return (
      <div ref={ref}>
        {false}
        {children}
      </div>
    );
  return (
    <div ref={ref} className="lab-projector" role="dialog" aria-modal="true" aria-label={title} data-testid="projector">
      <div className="row lab-projector__bar">
        <h2 className="lab-projector__title">{title}</h2>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-testid="projector-close">
          {t('projector.close')}
        </button>
      </div>
      {children}
    </div>
  );
}
