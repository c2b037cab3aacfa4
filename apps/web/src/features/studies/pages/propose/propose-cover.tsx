/**
 * The optional cover image on the proposal's review step: checked here (type from the file's
 * bytes, at most 5 MB) and uploaded right after the study is created (PUT /api/studies/{id}/cover).
 */
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIME_TYPES, type StudyCoverBody } from '@moim/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { StudyCover } from '../../../../shared/ui/study-cover';
import { coverBodyOf } from '../../api/cover-api';
import '../../study-cover.css';

export interface ChosenCover {
  body: StudyCoverBody;
  preview: string;
}

export function ProposeCover({
  title,
  value,
  onChange,
}: {
  title: string;
  value: ChosenCover | null;
  onChange: (next: ChosenCover | null) => void;
}) {
  const { t } = useTranslation('studies');
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (value && URL.revokeObjectURL(value.preview)), [value]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setProblem(t('manage.cover.tooBig'));
    const body = await coverBodyOf(file);
    if (!body) return setProblem(t('manage.cover.badType'));
    onChange({ body, preview: URL.createObjectURL(file) });
  };

  return (
    <section className="st-cover-editor" aria-labelledby="propose-cover-title" data-testid="propose-cover">
      {value && (
        <StudyCover
          study={{ id: 'new', title, coverImage: value.preview, coverImageThumb: value.preview }}
          shape="hero"
          className="st-cover-editor__preview"
        />
      )}
      <div className="st-cover-editor__body">
        <h3 id="propose-cover-title" className="st-cover-editor__title">
          {t('propose.cover.title')}
        </h3>
        <p className="muted st-cover-editor__hint">{t('propose.cover.hint')}</p>
        <div className="row">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => input.current?.click()}>
            {value ? t('manage.cover.replace') : t('manage.cover.upload')}
          </button>
          <input
            ref={input}
            type="file"
            accept={PROFILE_IMAGE_MIME_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('manage.cover.upload')}
            data-testid="propose-cover-input"
            onChange={(e) => void onFile(e)}
          />
          {value && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
              {t('manage.cover.remove')}
            </button>
          )}
        </div>
        {problem && (
          <p className="st-cover-editor__state st-cover-editor__state--error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
