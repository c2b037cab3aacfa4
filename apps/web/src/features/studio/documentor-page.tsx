/**
 * /studio/documentor: write or link a text, watch the analysis, review suggestions inline,
 * re-analyse a revision and compare versions (members, 5 a day); a guest gets one trial by
 * e-mail and is then asked to log in, coming back here afterwards.
 * URL state: ?analysis=<id> · ?document=<id>[&compare=<from>,<to>].
 */
import type { StudioAnalysis, StudioPurpose, StudioVersionSummary } from '@moim/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth-provider';
import { toast } from '../../shared/toast/toast';
import { LoadingState, PageLoading } from '../../shared/ui/states';
import {
  analysisQuery,
  claimTrial,
  discardDraft,
  documentQuery,
  draftQuery,
  forgetTrial,
  quotaQuery,
  readTrial,
  studioKeys,
  trialQuery,
  useReviseDocument,
  useStartTrial,
  useSubmitAnalysis,
} from './api';
import { AnalysisPanel } from './components/analysis-panel';
import { CompareView } from './components/compare-view';
import { ComposeForm, toSubmission } from './components/compose-form';
import { HistoryPanel } from './components/history-panel';
import { QuotaBadge } from './components/quota-badge';
import { studioEntryParams } from './lib/entry';
import { forgetLocalDraft, readLocalDraft, useDraftSaver } from './lib/use-draft-saver';
import { useLeaveGuard } from './lib/use-leave-guard';
import { ErrorMessage } from '../../shared/ui/error-message';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import './documentor-page.css';

export default function DocumentorPage() {
  const { t } = useTranslation('studio');
  const auth = useAuth();
  if (auth.isLoading) return <PageLoading />;
  return (
    <div className="container documentor">
      <div className="documentor__head">
        <h1>{t('documentor.title')}</h1>
        <p className="muted">{t('documentor.lead')}</p>
      </div>
      {auth.user ? <MemberDocumentor /> : <GuestDocumentor />}
    </div>
  );
}

function MemberDocumentor() {
  const { t, i18n } = useTranslation('studio');
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const analysisId = params.get('analysis');
  const documentId = params.get('document');
  const compare = params.get('compare')?.split(',');
  const quota = useQuery(quotaQuery());
  const submit = useSubmitAnalysis();
  const revise = useReviseDocument();
  const claimed = useRef(false);

  // A trial run as a guest in this browser joins the member's history after login.
  useEffect(() => {
    const trial = readTrial();
    if (!trial || claimed.current) return;
    claimed.current = true;
    void claimTrial(trial).then((doc) => {
      forgetTrial();
      if (!doc) return;
      toast.success(t('trial.claimed'));
      void qc.invalidateQueries({ queryKey: studioKeys.documentLists() });
    });
  }, [qc, t]);

  const go = (next: Record<string, string>) => setParams(next);
  const locale = i18n.language === 'en' ? 'en' : 'ko';

  return (
    <div className="documentor__body">
      <section className="documentor__main" aria-label={t('documentor.main')}>
        <ErrorMessage error={submit.error} />
        <ErrorMessage error={revise.error} />
        {documentId && compare?.length === 2 ? (
          <CompareView documentId={documentId} from={compare[0]!} to={compare[1]!} onClose={() => go({ document: documentId })} />
        ) : analysisId ? (
          <MemberAnalysis
            id={analysisId}
            reanalysing={revise.isPending}
            onReanalyse={(documentId, text, purpose) =>
              revise.mutate(
                { documentId, body: { text, purpose } },
                {
                  onSuccess: (r) => {
                    // the new version ended the draft on the server; this browser's copy goes too
                    if (!r.reused && analysisId) forgetLocalDraft(analysisId);
                    if (r.reused) toast.info(t('analysis.unchanged'));
                    go({ analysis: r.analysis.id, document: r.analysis.documentId });
                  },
                },
              )
            }
            onCompare={(documentId, from, to) => go({ document: documentId, compare: `${from},${to}` })}
          />
        ) : (
          <ComposeForm
            guest={false}
            busy={submit.isPending}
            onSubmit={(v) =>
              submit.mutateAsync(toSubmission(v, locale)).then((r) => {
                if (r.reused) toast.info(t('form.reused'));
                go({ analysis: r.analysis.id, document: r.analysis.documentId });
              })
            }
          />
        )}
      </section>
      <aside className="documentor__aside">
        {quota.data && <QuotaBadge quota={quota.data} />}
        {(analysisId || compare) && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => go({})}>
            {t('documentor.new')}
          </button>
        )}
        <HistoryPanel
          documentId={documentId}
          onOpenDocument={(id) => go(id === documentId ? {} : { document: id })}
          onOpenAnalysis={(id) => go({ analysis: id, ...(documentId ? { document: documentId } : {}) })}
          onCompare={(doc, from, to) => go({ document: doc, compare: `${from},${to}` })}
        />
      </aside>
    </div>
  );
}

function MemberAnalysis({
  id,
  onReanalyse,
  reanalysing,
  onCompare,
}: {
  id: string;
  onReanalyse: (documentId: string, text: string, purpose: StudioPurpose) => void;
  reanalysing: boolean;
  onCompare: (documentId: string, from: string, to: string) => void;
}) {
  const qc = useQueryClient();
  const q = useQuery(analysisQuery(id));
  const a = q.data;
  const doc = useQuery({ ...documentQuery(a?.documentId ?? ''), enabled: !!a && a.version > 1 && a.status === 'COMPLETED' });
  const draft = useQuery({ ...draftQuery(a?.documentId ?? ''), enabled: a?.status === 'COMPLETED' });
  // When it completes, lists and the quota may have changed.
  useEffect(() => {
    if (a?.status === 'COMPLETED' || a?.status === 'FAILED') {
      void qc.invalidateQueries({ queryKey: studioKeys.documentLists() });
      void qc.invalidateQueries({ queryKey: studioKeys.quota() });
      if (a) void qc.invalidateQueries({ queryKey: studioKeys.document(a.documentId) });
    }
  }, [a?.status, a, qc]);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorMessage variant="state" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.status === 'COMPLETED' && draft.isPending) return <LoadingState />;
  const previous: StudioVersionSummary | undefined = doc.data?.versions
    .filter((v) => v.version < q.data.version && v.status === 'COMPLETED')
    .at(-1);
  // The server's draft when it belongs to this version, else this browser's copy (a save that
  // had not reached the server yet).
  const server = draft.data?.analysisId === q.data.id ? draft.data : null;
  const local = readLocalDraft(q.data.id);
  const restored =
    local && (!server || local.savedAt > server.updatedAt)
      ? local
      : server && (server.text !== null || Object.keys(server.decisions).length > 0)
        ? { decisions: server.decisions, text: server.text, savedAt: server.updatedAt }
        : null;
  return (
    <MemberWork
      key={q.data.id}
      analysis={q.data}
      restored={restored}
      reanalysing={reanalysing}
      onReanalyse={(text, purpose) => onReanalyse(q.data.documentId, text, purpose)}
      {...(previous ? { onComparePrevious: () => onCompare(q.data.documentId, previous.id, q.data.id) } : {})}
    />
  );
}

/** One version with the writer's work kept as a draft, and a question before leaving it unsaved. */
function MemberWork({
  analysis,
  restored,
  reanalysing,
  onReanalyse,
  onComparePrevious,
}: {
  analysis: StudioAnalysis;
  restored: ComponentProps<typeof AnalysisPanel>['restored'];
  reanalysing: boolean;
  onReanalyse: (text: string, purpose: StudioPurpose) => void;
  onComparePrevious?: () => void;
}) {
  const { t } = useTranslation('studio');
  const qc = useQueryClient();
  const saver = useDraftSaver(analysis.id, analysis.documentId);
  const guard = useLeaveGuard(saver.unsaved);
  return (
    <>
      <AnalysisPanel
        analysis={analysis}
        restored={restored}
        reanalysing={reanalysing}
        onReanalyse={(text, purpose) => {
          saver.cancel();
          onReanalyse(text, purpose);
        }}
        onWorkChange={saver.change}
        onDiscardDraft={() => {
          forgetLocalDraft(analysis.id);
          void discardDraft(analysis.documentId).then(() => qc.invalidateQueries({ queryKey: studioKeys.draft(analysis.documentId) }));
        }}
        {...(onComparePrevious ? { onComparePrevious } : {})}
      />
      {saver.failed && (
        <p className="st-alert st-alert--warning" role="status">
          {t('draft.saveFailed')}
        </p>
      )}
      <ConfirmDialog
        open={guard.asking}
        title={t('draft.leaveTitle')}
        body={t('draft.leaveBody')}
        confirmLabel={t('draft.leave')}
        cancelLabel={t('draft.stay')}
        tone="danger"
        onConfirm={guard.leave}
        onClose={guard.stay}
      />
    </>
  );
}

function GuestDocumentor() {
  const { t, i18n } = useTranslation('studio');
  const [params] = useSearchParams();
  const start = useStartTrial();
  const trial = start.data ? { id: start.data.analysis.id, token: start.data.trialToken } : readTrial();
  const loginParams = studioEntryParams('/studio/documentor');
  const loginPrompt = (
    <div className="card login-prompt" data-testid="studio-login-prompt">
      <h2>{t('trial.afterTitle')}</h2>
      <p className="muted">{t('trial.afterLead')}</p>
      <div className="login-prompt__actions">
        <Link to={`/login${loginParams}`} className="btn btn-primary">
          {t('trial.login')}
        </Link>
        <Link to={`/signup${loginParams}`} className="btn btn-secondary">
          {t('trial.signup')}
        </Link>
      </div>
    </div>
  );
  if (params.get('analysis')) {
    // A result link from the mail: members read it after logging in.
    const back = studioEntryParams(`/studio/documentor?${params.toString()}`);
    return (
      <div className="card login-prompt">
        <p>{t('documentor.loginToRead')}</p>
        <Link to={`/login${back}`} className="btn btn-primary">
          {t('trial.login')}
        </Link>
      </div>
    );
  }
  if (trial) return <GuestTrial id={trial.id} token={trial.token} footer={loginPrompt} />;
  const used = start.error instanceof ApiError && (start.error.details as { reason?: string } | undefined)?.reason === 'TRIAL_USED';
  return (
    <div className="documentor__body documentor__body--guest">
      <section className="documentor__main" aria-label={t('documentor.main')}>
        <ErrorMessage error={start.error} />
        {used ? (
          loginPrompt
        ) : (
          <ComposeForm
            guest
            busy={start.isPending}
            onSubmit={(v) =>
              start.mutateAsync({ ...toSubmission(v, i18n.language === 'en' ? 'en' : 'ko'), email: v.email.trim(), consent: true })
            }
          />
        )}
      </section>
      <aside className="documentor__aside">
        <div className="card">
          <h2>{t('trial.asideTitle')}</h2>
          <p className="muted">{t('trial.asideBody')}</p>
        </div>
      </aside>
    </div>
  );
}

function GuestTrial({ id, token, footer }: { id: string; token: string; footer: ReactNode }) {
  const q = useQuery(trialQuery(id, token));
  if (q.isPending) return <LoadingState />;
  if (q.isError) {
    return (
      <div className="stack">
        <ErrorMessage variant="state" error={q.error} onRetry={() => void q.refetch()} />
        {footer}
      </div>
    );
  }
  return <GuestWork analysis={q.data} footer={q.data.status === 'COMPLETED' || q.data.status === 'FAILED' ? footer : null} />;
}

/** A guest's decisions are kept in this browser only. */
function GuestWork({ analysis, footer }: { analysis: StudioAnalysis; footer: ReactNode }) {
  const saver = useDraftSaver(analysis.id, null);
  return (
    <AnalysisPanel
      analysis={analysis}
      footer={footer}
      restored={readLocalDraft(analysis.id)}
      onWorkChange={saver.change}
      onDiscardDraft={() => forgetLocalDraft(analysis.id)}
    />
  );
}
