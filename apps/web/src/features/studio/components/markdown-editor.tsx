/**
 * A plain textarea markdown editor with a preview tab (the preview renderer is its own lazy
 * chunk, loaded when first opened): no editor library, so the documentor stays small.
 */
import { lazy, Suspense, useId, useState, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { TabBar } from '../../../shared/ui/tab-bar';
import './markdown-editor.css';

const MarkdownPreview = lazy(() => import('./markdown-preview'));

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & { value: string; label: string; error?: string | undefined };

export function MarkdownEditor({ value, label, error, ...textarea }: Props) {
  const { t } = useTranslation('studio');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const id = useId();
  const words = value.trim() ? value.trim().split(/\s+/).length : 0;
  return (
    <div className={`md-editor field${error ? ' field--error' : ''}`}>
      <div className="md-editor__bar">
        <label htmlFor={`${id}-text`} className="field__label">
          {label}
        </label>
        <TabBar variant="segmented" role="tablist" aria-label={t('editor.mode')}>
          {(['write', 'preview'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`${id}-${k}`}
              aria-selected={tab === k}
              aria-controls={`${id}-panel`}
              onClick={() => setTab(k)}
            >
              {t(`editor.${k}`)}
            </button>
          ))}
        </TabBar>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'write' ? (
          <textarea
            id={`${id}-text`}
            className="input md-editor__text"
            value={value}
            spellCheck={false}
            rows={16}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            {...textarea}
          />
        ) : (
          <Suspense fallback={<div className="md-preview muted">{t('editor.loadingPreview')}</div>}>
            <MarkdownPreview source={value} empty={t('editor.emptyPreview')} />
          </Suspense>
        )}
      </div>
      <p id={`${id}-count`} className="muted md-editor__count">
        {t('editor.count', { words, chars: value.length })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
