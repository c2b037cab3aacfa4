/**
 * A list of short labels (skills, tools, stack filters): type and press Enter or a comma to add,
 * Backspace on an empty field or a chip's button to remove. Duplicates (any case) are ignored.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import '../projects.css';
import './form.css';

interface Props {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  max?: number;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
  error?: string;
  id?: string;
}

export function TagInput({ label, values, onChange, max = 10, maxLength = 30, placeholder, hint, error, id: given }: Props) {
  const { t } = useTranslation('projects');
  const auto = useId();
  const id = given ?? auto;
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const parts = raw
      .split(',')
      .map((s) => s.trim().slice(0, maxLength))
      .filter(Boolean);
    const next = [...values];
    for (const p of parts) if (!next.some((v) => v.toLowerCase() === p.toLowerCase()) && next.length < max) next.push(p);
    if (next.length !== values.length) onChange(next);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && !text && values.length) {
      onChange(values.slice(0, -1));
    }
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field pj-tags${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="pj-tags__box">
        {values.map((v) => (
          <span key={v} className="pj-chip pj-chip--removable">
            {v}
            <button
              type="button"
              className="pj-chip__x"
              aria-label={t('filters.stackRemove', { name: v })}
              onClick={() => onChange(values.filter((x) => x !== v))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={text}
          maxLength={maxLength * 3}
          placeholder={values.length < max ? placeholder : undefined}
          disabled={values.length >= max}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => (e.target.value.includes(',') ? add(e.target.value) : setText(e.target.value))}
          onKeyDown={onKey}
          onBlur={() => text.trim() && add(text)}
        />
      </div>
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
