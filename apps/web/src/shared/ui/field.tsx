/**
 * The one labelled form control of the app: label, control, hint, counter and error wired
 * together with ids (aria-describedby, aria-invalid, aria-required). Works with react-hook-form's
 * register(): <Field label=… error={errors.email?.message}><input {...register('email')} /></Field>
 * `required` shows the "Required" mark, `optional` an "(optional)" note, `counter` a live
 * "value / max" count; `className` adds grid helpers such as `span-2`.
 */
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { formMessage } from './form-errors';

export interface FieldProps {
  label: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  optional?: string;
  counter?: { value: number; max: number };
  className?: string;
}

export function Field({ label, children, hint, error: raw, required, optional, counter, className }: FieldProps) {
  const { t, i18n } = useTranslation();
  // a schema's own `form.*` key (the contract names its rules by key) in the UI language
  const error = raw ? formMessage(raw, i18n.language) : undefined;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = counter ? `${id}-count` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, countId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })
    : children;
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span className="field__req">{t('common.requiredMark')}</span>}
        {optional && <span className="field__optional"> ({optional})</span>}
      </label>
      {control}
      {(hint || counter) && (
        <div className="field__foot">
          {hint && (
            <span id={hintId} className="field__hint">
              {hint}
            </span>
          )}
          {counter && (
            <span id={countId} className={`field__count${counter.value > counter.max ? ' is-over' : ''}`} aria-live="polite">
              {t('common.counter', { value: counter.value, max: counter.max })}
            </span>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of radios or checkboxes with a legend, a hint and one error. */
export function FieldGroup({
  legend,
  children,
  error: raw,
  hint,
}: {
  legend: ReactNode;
  children: ReactNode;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const { i18n } = useTranslation();
  const error = raw ? formMessage(raw, i18n.language) : undefined;
  return (
    <fieldset
      className={`field fieldset${error ? ' field--error' : ''}`}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A form-level message (server error or success). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
