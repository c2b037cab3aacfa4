/**
 * Asks before a decision that reaches another person (accepting or rejecting an application,
 * approving a study, a warning, a refund…): the one confirmation of the app, on the shared
 * Dialog. It says what happens (`body`) and who is told (`notice`), and may take a note the
 * decision carries (`note`: required for a rejection, optional for an acceptance).
 *
 * Keyboard: focus starts on the safe choice — Cancel — or, when a required note is the first
 * thing to do, in the note (typing cannot confirm: it is a textarea); Escape cancels; the confirm
 * button is a submit button reached with Tab. Nothing is sent until it is pressed.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Dialog } from './dialog';
import { ErrorMessage } from './error-message';
import { Field } from './field';
import { Icon } from './icons';

export interface ConfirmNote {
  label: string;
  hint?: string;
  /** the decision cannot be sent without it */
  required?: boolean;
  /** fewest characters when required (1 by default) */
  minLength?: number;
  maxLength?: number;
  /** shown when a required note is missing or too short */
  missingMessage: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** what happens */
  body?: ReactNode;
  /** who is told, and how ("김하늘 님에게 알림과 메일이 가요.") */
  notice?: ReactNode;
  confirmLabel: string;
  /** the safe choice; "취소" / "Cancel" by default */
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  /** the decision is being sent: both buttons wait, Escape does not close */
  pending?: boolean;
  /** the failure of the last attempt, in the server's words */
  error?: unknown;
  note?: ConfirmNote;
  /** the decision, with the note as typed and trimmed ('' without one) */
  onConfirm: (note: string) => void;
  onClose: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const describedBy = useId();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  // every opening starts with an empty note (state adjusted while rendering, as React advises)
  const [wasOpen, setWasOpen] = useState(p.open);
  if (wasOpen !== p.open) {
    setWasOpen(p.open);
    if (p.open) {
      setNote('');
      setTried(false);
    }
  }
  const min = p.note?.required ? Math.max(1, p.note.minLength ?? 1) : 0;
  const missing = note.trim().length < min;

  return (
    <Dialog
      open={p.open}
      role="alertdialog"
      title={p.title}
      describedBy={describedBy}
      busy={p.pending}
      onClose={p.onClose}
      initialFocus={p.note?.required ? noteRef : cancelRef}
      onSubmit={(e) => {
        e.preventDefault();
        if (p.pending) return;
        setTried(true);
        if (missing) {
          noteRef.current?.focus();
          return;
        }
        p.onConfirm(note.trim());
      }}
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn btn-secondary" disabled={p.pending} onClick={p.onClose}>
            {p.cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${p.tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
            disabled={p.pending}
            aria-busy={p.pending || undefined}
          >
            {p.confirmLabel}
          </button>
        </>
      }
    >
      <div id={describedBy} className="dialog__text">
        {p.body && <p>{p.body}</p>}
        {p.notice && (
          <p className="dialog__notice">
            <Icon name="mail" size={18} />
            <span>{p.notice}</span>
          </p>
        )}
      </div>
      {p.note && (
        <Field
          label={p.note.label}
          hint={p.note.hint}
          required={p.note.required}
          optional={p.note.required ? undefined : t('common.optional')}
          error={tried && missing ? p.note.missingMessage : undefined}
        >
          <textarea ref={noteRef} rows={3} maxLength={p.note.maxLength ?? 500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      )}
      <ErrorMessage error={p.error} />
    </Dialog>
  );
}
