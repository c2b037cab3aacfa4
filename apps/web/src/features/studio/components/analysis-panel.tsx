/**
 * One analysis on the page: live progress while it runs, then the assessment and the text with
 * inline suggestions. The writer's accept/ignore decisions build the revised text that the
 * "re-analyse" action sends as the next version (members), or that a guest can copy.
 */
import { STUDIO_PURPOSES, isTerminalStudioStatus, type StudioAnalysis, type StudioPurpose } from '@moim/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { type Decision, type Decisions, revisedText } from '../lib/review-state';
import type { DraftWork } from '../lib/use-draft-saver';
import { Field } from '../../../shared/ui/field';
import { MarkdownEditor } from './markdown-editor';
import { ProgressSteps } from './progress-steps';
import { ResultSummary } from './result-summary';
import { SuggestionReview } from './suggestion-review';
import './analysis-panel.css';

interface Props {
  analysis: StudioAnalysis;
  /** members: send the revised text as the next version, with the kind of text to judge it as */
  onReanalyse?: (text: string, purpose: StudioPurpose) => void;
  reanalysing?: boolean;
  /** members: compare with the previous version */
  onComparePrevious?: () => void;
  /** shown under the result (e.g. the guest's login prompt) */
  footer?: ReactNode;
  /** work restored from a draft (decisions, hand-edited text) and when it was saved */
  restored?: (DraftWork & { savedAt: string }) | null;
  /** every change of the work, to keep it as a draft */
  onWorkChange?: (work: DraftWork) => void;
  /** start over from the analysed text */
  onDiscardDraft?: () => void;
}

export function AnalysisPanel({
  analysis,
  onReanalyse,
  reanalysing,
  onComparePrevious,
  footer,
  restored,
  onWorkChange,
  onDiscardDraft,
}: Props) {
  const { t, i18n } = useTranslation('studio');
  const [decisions, setDecisions] = useState<Decisions>(() => restored?.decisions ?? {});
  const [editing, setEditing] = useState<string | null>(() => restored?.text ?? null);
  const [showRestored, setShowRestored] = useState(!!restored);
  const discard = () => {
    setDecisions({});
    setEditing(null);
    setShowRestored(false);
    onDiscardDraft?.();
  };
  const result = analysis.result;
  const text = analysis.text ?? '';
  const revised = useMemo(() => (result ? revisedText(text, result.suggestions, decisions) : text), [result, text, decisions]);
  // Every change of the work is reported, so it is kept as a draft.
  const decide = (id: string, d: Decision | null) => {
    const next: Record<string, Decision> = { ...decisions };
    if (d) next[id] = d;
    else delete next[id];
    setDecisions(next);
    onWorkChange?.({ decisions: next, text: editing });
  };
  const decideMany = (many: Record<string, Decision>) => {
    const next = { ...decisions, ...many };
    setDecisions(next);
    onWorkChange?.({ decisions: next, text: editing });
  };
  // The kind of text the next analysis judges it as: the writer's choice, or what was detected
  // when they left it to the analyzer ("other").
  const [purpose, setPurpose] = useState<StudioPurpose>(() =>
    analysis.purpose === 'OTHER' && result ? result.detectedCategory : analysis.purpose,
  );
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const copy = () => {
    setCopied('idle');
    navigator.clipboard.writeText(editing ?? revised).then(
      () => setCopied('done'),
      () => setCopied('failed'),
    );
  };
  const edit = (text: string | null) => {
    setEditing(text);
    onWorkChange?.({ decisions, text });
  };
  const accepted = Object.values(decisions).filter((d) => d.kind === 'accepted').length;

  return (
    <div className="analysis" data-testid="studio-analysis" data-analysis-id={analysis.id} data-version={analysis.version}>
      <header className="analysis__head">
        <div>
          <p className="muted analysis__eyebrow">
            {t('analysis.version', { n: analysis.version })} · {t(`purpose.${analysis.purpose}`)} · {t(`tone.${analysis.tone}.name`)}
          </p>
          <h2 className="analysis__title">{analysis.title || t('history.untitled')}</h2>
          {analysis.url && (
            <a href={analysis.url} target="_blank" rel="noreferrer noopener" className="analysis__url">
              {analysis.url}
            </a>
          )}
        </div>
        {onComparePrevious && analysis.version > 1 && result && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onComparePrevious} data-testid="studio-compare-previous">
            {t('analysis.comparePrevious')}
          </button>
        )}
      </header>
      {!isTerminalStudioStatus(analysis.status) || analysis.status === 'FAILED' ? <ProgressSteps analysis={analysis} /> : null}
      {result && showRestored && restored && (
        <div className="st-alert st-alert--info analysis__restored" role="status" data-testid="studio-draft-restored">
          <span>
            {t('draft.restored', {
              time: new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'ko', {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'Asia/Seoul',
              }).format(new Date(restored.savedAt)),
            })}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={discard}>
            {t('draft.discard')}
          </button>
        </div>
      )}
      {result && (
        <>
          <ResultSummary result={result} />
          <SuggestionReview
            text={text}
            suggestions={result.suggestions}
            decisions={decisions}
            onDecide={decide}
            onDecideMany={decideMany}
          />
          <div className="analysis__copy">
            <button type="button" className="btn btn-secondary btn-sm" onClick={copy} data-testid="studio-copy-text">
              {t('analysis.copy')}
            </button>
            <span className="muted" role="status" aria-live="polite" data-testid="studio-copy-status">
              {copied === 'done' ? t('analysis.copied') : copied === 'failed' ? t('analysis.copyFailed') : ''}
            </span>
          </div>
          {onReanalyse && (
            <div className="analysis__next card">
              <h2>{t('analysis.nextTitle')}</h2>
              <p className="muted">{t('analysis.nextLead', { count: accepted })}</p>
              {editing !== null ? (
                <MarkdownEditor label={t('analysis.editLabel')} value={editing} onChange={(e) => edit(e.target.value)} rows={14} />
              ) : null}
              {analysis.purpose !== 'OTHER' && result.detectedCategory !== analysis.purpose && (
                <p className="muted" data-testid="studio-genre-hint">
                  {t('analysis.genreHint', {
                    detected: t(`purpose.${result.detectedCategory}`),
                    purpose: t(`purpose.${analysis.purpose}`),
                  })}
                </p>
              )}
              <Field label={t('analysis.genre')}>
                <select className="input" value={purpose} onChange={(e) => setPurpose(e.target.value as StudioPurpose)}>
                  {STUDIO_PURPOSES.map((p) => (
                    <option key={p} value={p}>
                      {t(`purpose.${p}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="analysis__next-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={reanalysing}
                  onClick={() => onReanalyse(editing ?? revised, purpose)}
                  data-testid="studio-reanalyse"
                >
                  {reanalysing ? t('form.submitting') : t('analysis.reanalyse')}
                </button>
                {editing === null && (
                  <button type="button" className="btn btn-ghost" onClick={() => edit(revised)}>
                    {t('analysis.editMore')}
                  </button>
                )}
              </div>
            </div>
          )}
        </>
      )}
      {footer}
    </div>
  );
}
