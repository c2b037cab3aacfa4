/**
 * /studio/documentor: the writing assistant's frame. The editor works locally (draft kept in
 * this tab); the assistant's suggestions arrive with the studio issue.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSession, writeSession } from '../../shared/storage';

const DRAFT_KEY = 'studio-documentor-draft';
const TEMPLATES = ['readme', 'retro', 'proposal'] as const;

export default function DocumentorPage() {
  const { t } = useTranslation('studio');
  const [text, setText] = useState(() => readSession(DRAFT_KEY) ?? '');
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  const update = (v: string) => {
    setText(v);
    writeSession(DRAFT_KEY, v);
  };
  return (
    <div className="container documentor">
      <div className="documentor__head">
        <div>
          <h1>{t('documentor.title')}</h1>
          <p className="muted">{t('documentor.lead')}</p>
        </div>
      </div>
      <div className="documentor__body">
        <section className="documentor__editor" aria-labelledby="doc-editor">
          <div className="documentor__templates" role="group" aria-label={t('documentor.templates')}>
            {TEMPLATES.map((k) => (
              <button key={k} type="button" className="btn btn-secondary btn-sm" onClick={() => update(t(`documentor.template.${k}.body`))}>
                {t(`documentor.template.${k}.name`)}
              </button>
            ))}
          </div>
          <label id="doc-editor" htmlFor="doc-text" className="field__label">
            {t('documentor.editor')}
          </label>
          <textarea
            id="doc-text"
            className="input documentor__text"
            value={text}
            onChange={(e) => update(e.target.value)}
            placeholder={t('documentor.placeholder')}
          />
          <p className="muted documentor__count">{t('documentor.count', { words, chars: text.length })}</p>
        </section>
        <aside className="documentor__assistant" aria-labelledby="doc-assistant">
          <h2 id="doc-assistant">{t('documentor.assistant')}</h2>
          <p className="muted">{t('documentor.assistantSoon')}</p>
          <ul>
            <li>{t('documentor.feature1')}</li>
            <li>{t('documentor.feature2')}</li>
            <li>{t('documentor.feature3')}</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
