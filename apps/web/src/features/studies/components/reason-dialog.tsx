/**
 * A modal asking for a reason (reject, warn, remove, terminate…). Native <dialog>: focus moves
 * in, Escape closes, focus returns to the opener. `required` blocks an empty reason.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  confirmLabel: string;
  required?: boolean;
  maxLength?: number;
  danger?: boolean;
  pending?: boolean;
  error?: ReactNode;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export function ReasonDialog(p: ReasonDialogProps) {
  const { t } = useTranslation('studies');
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (p.open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!p.open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [p.open]);

  const missing = p.required && !reason.trim();
  return (
    <dialog
      ref={ref}
      className="st-dialog"
      aria-labelledby={`${id}-t`}
      onClose={() => {
        setReason('');
        setTouched(false);
        p.onClose();
      }}
    >
      <form
        method="dialog"
        className="st-dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (missing) return;
          p.onConfirm(reason.trim());
        }}
      >
        <h2 id={`${id}-t`} className="st-dialog__title">
          {p.title}
        </h2>
        {p.description && <p className="muted">{p.description}</p>}
        <Field label={p.label} required={p.required} error={touched && missing ? t('validation.reasonRequired') : undefined}>
          <textarea rows={4} value={reason} maxLength={p.maxLength ?? 1000} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {p.error}
        <div className="st-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={() => ref.current?.close?.() ?? p.onClose()}>
            {t('form.cancel')}
          </button>
          <button type="submit" className={`btn ${p.danger ? 'btn-danger' : 'btn-primary'}`} disabled={p.pending}>
            {p.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
