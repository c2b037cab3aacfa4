/** Label, control, hint, counter and error wired together with ids (aria-describedby, aria-invalid). */
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  label: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  counter?: { value: number; max: number };
  className?: string;
}

export function Field({ label, children, hint, error, required, counter, className }: FieldProps) {
  const { t } = useTranslation('studies');
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const countId = counter ? `${id}-count` : undefined;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, countId, errId].filter(Boolean).join(' ') || undefined,
    'aria-required': required || undefined,
  });
  return (
    <div className={`st-field ${error ? 'has-error' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="st-field__label">
        {label}
        {required && <span className="st-field__req">{t('form.required')}</span>}
      </label>
      {control}
      <div className="st-field__foot">
        {hint && (
          <span id={hintId} className="st-field__hint">
            {hint}
          </span>
        )}
        {counter && (
          <span id={countId} className={`st-field__count ${counter.value > counter.max ? 'is-over' : ''}`} aria-live="polite">
            {t('form.counter', { value: counter.value, max: counter.max })}
          </span>
        )}
      </div>
      {error && (
        <p id={errId} className="st-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of radios or checkboxes with a legend and one error. */
export function FieldGroup({
  legend,
  children,
  error,
  hint,
}: {
  legend: ReactNode;
  children: ReactNode;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={`st-field st-fieldset ${error ? 'has-error' : ''}`}
      aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined}
    >
      <legend className="st-field__label">{legend}</legend>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="st-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-err`} className="st-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
