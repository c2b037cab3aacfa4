/**
 * The one dialog of the app: a native <dialog> opened with showModal() (the page behind is inert
 * and focus returns to the opener when it closes), with a title, a body that scrolls and a footer
 * that stays in view, so a dialog's buttons never scroll away inside it (a long form at 800 px
 * or on a phone). Escape closes it, except while `busy` (a request in flight). The content is
 * mounted only while open, so a reopened form starts empty. `initialFocus` names where focus
 * starts (a confirmation's safe choice); otherwise the browser picks the first control.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** asked to close: Escape, a cancel button; the parent sets `open` to false */
  onClose: () => void;
  /** the body: scrolls when the dialog is taller than the screen */
  children: ReactNode;
  /** the action row, always in view below the body */
  footer?: ReactNode;
  /** makes the body and footer one form (a submit button in the footer submits it) */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** where focus goes when it opens */
  initialFocus?: RefObject<HTMLElement | null>;
  /** a request is in flight: Escape does not close */
  busy?: boolean;
  /** `alertdialog` for a question that interrupts (a confirmation) */
  role?: 'dialog' | 'alertdialog';
  /** the id of the text that describes the dialog (read with its title) */
  describedBy?: string;
  width?: 'narrow' | 'wide';
  className?: string;
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  onSubmit,
  initialFocus,
  busy = false,
  role,
  describedBy,
  width = 'narrow',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useRef({ busy, onClose });
  useEffect(() => {
    state.current = { busy, onClose };
  });

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      initialFocus?.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
    // (initialFocus is read when the dialog opens, not followed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const askToClose = () => {
    if (!state.current.busy) state.current.onClose();
  };
  const frame = (
    <>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      {footer && <div className="dialog__footer">{footer}</div>}
    </>
  );
  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog--${width}`, className ?? ''].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Escape (and the platform's close request) ask the parent; the dialog closes when `open` goes false
      onCancel={(e) => {
        e.preventDefault();
        askToClose();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        askToClose();
      }}
    >
      {open &&
        (onSubmit ? (
          <form className="dialog__frame" noValidate onSubmit={onSubmit}>
            {frame}
          </form>
        ) : (
          <div className="dialog__frame">{frame}</div>
        ))}
    </dialog>
  );
}
