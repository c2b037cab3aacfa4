/** The projector view: full window, dark background, large type; Escape or the button closes it. */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../shared/ui/use-focus-trap';

export function Projector({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('lab');
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onClose);
  return (
    <div ref={ref} className="lab-projector" role="dialog" aria-modal="true" aria-label={title} data-testid="projector">
      <div className="row lab-projector__bar">
        <h2 className="lab-projector__title">{title}</h2>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('projector.close')}
        </button>
      </div>
      {children}
    </div>
  );
}
