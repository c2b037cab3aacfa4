/**
 * The study's cover on /study/{id}/manage (leader or admin): upload or replace (PNG, JPEG,
 * WebP or GIF up to 5 MB, checked here by the file's bytes and again by the server), remove,
 * and the processing state (the study's query polls every 2 s while the server turns it into webp).
 */
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIME_TYPES, type Study } from '@moim/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { StudyCover } from '../../../../shared/ui/study-cover';
import { coverBodyOf, useRemoveCover, useUploadCover } from '../../api/cover-api';
import { useCoverPoll } from '../../api/studies-api';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import '../../study-cover.css';

export function CoverEditor({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCover(study.id);
  const remove = useRemoveCover(study.id);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = study.coverImageStatus === 'PENDING';
  // the study's query reads it again every 2 s while PENDING (api/cover-polling.ts)
  const poll = useCoverPoll(study);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    upload.reset();
    remove.reset();
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setProblem(t('manage.cover.tooBig'));
    const body = await coverBodyOf(file);
    if (!body) return setProblem(t('manage.cover.badType'));
    upload.mutate(body);
  };

  const busy = upload.isPending || remove.isPending || pending;
  const hasCover = !!study.coverImage;
  return (
    <section className="st-cover-editor" aria-labelledby="cover-editor-title" data-testid="cover-editor">
      <StudyCover study={study} shape="hero" className="st-cover-editor__preview" sizes="320px" />
      <div className="st-cover-editor__body">
        <h2 id="cover-editor-title" className="st-cover-editor__title">
          {t('manage.cover.title')}
        </h2>
        <p className="muted st-cover-editor__hint">{hasCover ? t('manage.cover.hintUploaded') : t('manage.cover.hintGenerated')}</p>
        <div className="row">
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => input.current?.click()}>
            {hasCover ? t('manage.cover.replace') : t('manage.cover.upload')}
          </button>
          <input
            ref={input}
            type="file"
            accept={PROFILE_IMAGE_MIME_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('manage.cover.upload')}
            data-testid="cover-input"
            onChange={(e) => void onFile(e)}
          />
          {(hasCover || study.coverImageStatus === 'FAILED') && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => remove.mutate()}>
              {t('manage.cover.remove')}
            </button>
          )}
        </div>
        <div aria-live="polite" data-testid="cover-status" data-status={study.coverImageStatus}>
          {upload.isPending && <p className="muted st-cover-editor__state">{t('manage.cover.uploading')}</p>}
          {pending && !upload.isPending && (
            <p className="muted st-cover-editor__state">{poll === 'gave-up' ? t('manage.cover.slow') : t('manage.cover.processing')}</p>
          )}
          {study.coverImageStatus === 'FAILED' && (
            <p className="st-cover-editor__state st-cover-editor__state--error">{t('manage.cover.failed')}</p>
          )}
        </div>
        {problem && (
          <p className="st-cover-editor__state st-cover-editor__state--error" role="alert">
            {problem}
          </p>
        )}
        {upload.isError && <ErrorMessage error={upload.error} />}
        {remove.isError && <ErrorMessage error={remove.error} />}
      </div>
    </section>
  );
}
