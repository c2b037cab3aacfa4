/**
 * A modal on the native <dialog>: focus moves in and is kept there, Escape closes, focus returns
 * to the opener (the browser does all three with showModal()).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorMessage } from '../../../shared/ui/error-message';

export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} className="pj-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      {open && (
        <div className="pj-dialog__body">
          <h2 id={`${id}-title`} className="pj-dialog__title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Asks before something that cannot be undone (or is hard to): a status move, a deletion. */
export function ConfirmDialog(p: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  pending?: boolean;
  /** the failure of the last attempt (shown through the shared ErrorMessage) */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={p.open} title={p.title} onClose={p.onClose}>
      <p>{p.body}</p>
      <ErrorMessage error={p.error} />
      <div className="pj-dialog__actions">
        <button type="button" className="btn btn-secondary" onClick={p.onClose}>
          {p.cancelLabel}
        </button>
        <button type="button" className={`btn ${p.danger ? 'btn-danger' : 'btn-primary'}`} disabled={p.pending} onClick={p.onConfirm}>
          {p.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
