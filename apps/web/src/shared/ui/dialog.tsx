/**
 * The one dialog of the app: a native <dialog> opened with showModal() (the page behind is inert
 * and focus returns to the opener when it closes), with a title, a body that scrolls and a footer
 * that stays in view, so a dialog's buttons never scroll away inside it (a long form at 800 px
 * or on a phone). Escape closes it, except while `busy` (a request in flight). The content is
 * mounted only while open, so a reopened form starts empty. `initialFocus` names where focus
 * starts (a confirmation's safe choice); otherwise the browser picks the first control.
 * A dialog that shows a page's content (a job posting) is named by that content's own heading
 * (`labelledBy`, no title), keeps its links and close button in `header`, and is `page` wide
 * (the whole screen on a phone).
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** the dialog's name, shown on top; may be left out when `labelledBy` names it */
  title?: ReactNode;
  /** the id of a heading in the body that names the dialog instead of `title` */
  labelledBy?: string;
  /** controls kept in view on top beside the title (a link to the content's own page, a close button) */
  header?: ReactNode;
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
  /** narrow 480 px, wide 560 px, page 760 px (and the whole screen on a phone) */
  width?: 'narrow' | 'wide' | 'page';
  className?: string;
  testId?: string;
}

export function Dialog({
  open,
  title,
  labelledBy,
  header,
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
  testId,
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
  const heading = title !== undefined && (
    <h2 id={titleId} className="dialog__title">
      {title}
    </h2>
  );
  const frame = (
    <>
      {header ? (
        <div className="dialog__head">
          {heading}
          {header}
        </div>
      ) : (
        heading
      )}
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
      aria-labelledby={labelledBy ?? titleId}
      aria-describedby={describedBy}
      data-testid={testId}
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
