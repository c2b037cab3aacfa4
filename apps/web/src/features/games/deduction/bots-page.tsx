/**
 * /lab/deduction-game/bots: my bots (signed in) and the editor with the template, examples, a
 * test match against a built-in AI in this browser (the bot runs in the sandboxed worker), save,
 * share link and ladder status. Guests can write and test; saving needs an account.
 */
import type { DeductionBot } from '@moim/contract';
import { AI_LEVELS, BOT_CODE_MAX_CHARS, ladderSettings, playDeductionMatch, type AiLevel, type BotError } from '@moim/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { deductionApi, deductionKeys, botsQuery } from './api';
import { BOT_EXAMPLES } from './bot-examples';
import { BotRunner } from './bot-runner';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';
import { botErrorText, testMatchLine } from './messages';
import { CodeEditor, type CodeEditorHandle } from './code-editor';
import './deduction.css';
import './bots-page.css';

interface Draft {
  id: string | null;
  name: string;
  description: string;
  code: string;
  shared: boolean;
}
const empty = (name: string): Draft => ({ id: null, name, description: '', code: BOT_EXAMPLES[0]!.code, shared: false });

export default function BotsPage() {
  const { t, i18n } = useTranslation('deduction');
  const english = i18n.language.startsWith('en');
  const { isAuthenticated } = useAuth();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const bots = useQuery({
    ...botsQuery(),
    enabled: isAuthenticated,
    refetchInterval: (q) => (q.state.data?.some((b) => b.ladder.status === 'QUEUED' || b.ladder.status === 'RUNNING') ? 3000 : false),
  });
  const [draft, setDraft] = useState<Draft>(() => empty(t('bots.defaultName')));
  const [log, setLog] = useState<string[]>([]);
  const [testing, setTesting] = useState(false);
  const [level, setLevel] = useState<AiLevel>('EASY');
  const [lastError, setLastError] = useState<BotError | null>(null);
  const editor = useRef<CodeEditorHandle>(null);
  const id = useId();
  const runner = useMemo(() => new BotRunner(), []);
  useEffect(() => () => runner.dispose(), [runner]);
  const logRef = useRef<HTMLOListElement>(null);
  const current = bots.data?.find((b) => b.id === draft.id) ?? null;

  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = { name: d.name, description: d.description, code: d.code, shared: d.shared };
      return d.id ? deductionApi.updateBot(d.id, body) : deductionApi.createBot(body);
    },
    onSuccess: (b: DeductionBot) => {
      setDraft({ id: b.id, name: b.name, description: b.description, code: b.code, shared: b.shared });
      void qc.invalidateQueries({ queryKey: deductionKeys.bots });
      toast.success(t('bots.saved'));
    },
    onError: (err: Error) => toast.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deductionApi.deleteBot(id),
    onSuccess: () => {
      setDraft(empty(t('bots.defaultName')));
      void qc.invalidateQueries({ queryKey: deductionKeys.bots });
    },
  });

  const test = async () => {
    setTesting(true);
    setLastError(null);
    setLog([t('bots.testStart', { level: t(`ai.${level}`) })]);
    const seed = `test-${Date.now().toString(36)}`;
    const game = await playDeductionMatch(
      seed,
      ladderSettings(),
      [
        { kind: 'BOT', botId: 'draft', name: draft.name.slice(0, 20) || 'bot' },
        { kind: 'AI', level },
      ],
      (_seat, state, s) => runner.move(draft.code, state, s),
      async (turn, g) => {
        const line = testMatchLine(turn, g, 0, { bot: draft.name, ai: t(`ai.${level}`) }, t);
        if (turn.seat === 0 && turn.error) setLastError(turn.error);
        setLog((l) => [...l, line]);
        await new Promise((r) => setTimeout(r, 0)); // let the page paint between turns
      },
    );
    const standing = game.standing(0)!;
    setLog((l) => [
      ...l,
      t(`bots.result.${standing}`, {
        answers: game.deal.answers.map((i) => (english ? game.deal.keywords[i]!.en : game.deal.keywords[i]!.ko)).join(', '),
      }),
    ]);
    setTesting(false);
  };
  useEffect(() => {
    // the newest line in view inside the log, without moving the page
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log]);

  const shareUrl = current?.shareId ? `${window.location.origin}/lab/deduction-game/bots/shared/${current.shareId}` : null;

  return (
    <div className="ded-page container">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab/deduction-game">{t('title')}</Link>
        </p>
        <h1>{t('bots.title')}</h1>
        <p className="muted">{t('bots.lead')}</p>
      </header>
      <div className="ded-layout">
        <section className="card ded-editor" aria-labelledby="ded-editor-title">
          <h2 id="ded-editor-title">{draft.id ? t('bots.edit', { name: draft.name }) : t('bots.new')}</h2>
          <label className="field">
            <span>{t('bots.name')}</span>
            <input
              value={draft.name}
              maxLength={30}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              data-testid="bot-name"
            />
          </label>
          <label className="field">
            <span>{t('bots.description')}</span>
            <input value={draft.description} maxLength={200} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
          </label>
          <label className="field">
            <span>{t('bots.example')}</span>
            <select
              onChange={(e) => setDraft({ ...draft, code: BOT_EXAMPLES.find((x) => x.id === e.target.value)!.code })}
              defaultValue=""
              data-testid="bot-example"
            >
              <option value="" disabled>
                {t('bots.pickExample')}
              </option>
              {BOT_EXAMPLES.map((x) => (
                <option key={x.id} value={x.id}>
                  {t(`bots.examples.${x.id}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="field">
            <span id={`${id}-code`}>{t('bots.code', { max: BOT_CODE_MAX_CHARS.toLocaleString() })}</span>
            <CodeEditor
              ref={editor}
              value={draft.code}
              onChange={(code) => setDraft({ ...draft, code })}
              maxLength={BOT_CODE_MAX_CHARS}
              errorLine={lastError?.line ?? null}
              labelledBy={`${id}-code`}
              describedBy={`${id}-code-help`}
            />
            <span id={`${id}-code-help`} className="muted ded-code-help">
              {t('bots.editorHelp')}
            </span>
          </div>
          {lastError && (
            <div className="ded-code-error" role="alert" data-testid="bot-error">
              <strong>{t('botError.title')}</strong> <span>{botErrorText(lastError, t)}</span>
              {lastError.line !== null && (
                <button type="button" className="btn btn-ghost" onClick={() => editor.current?.goToLine(lastError.line!)}>
                  {t('botError.goToLine', { line: lastError.line })}
                </button>
              )}
            </div>
          )}
          <p className="muted">{t('bots.stateHelp')}</p>
          {isAuthenticated && (
            <label className="ded-check">
              <input type="checkbox" checked={draft.shared} onChange={(e) => setDraft({ ...draft, shared: e.target.checked })} />
              <span>{t('bots.shared')}</span>
            </label>
          )}
          <div className="row">
            {isAuthenticated ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={save.isPending || !draft.name.trim() || !draft.code.trim()}
                onClick={() => save.mutate(draft)}
                data-testid="bot-save"
              >
                {t('bots.save')}
              </button>
            ) : (
              <Link to="/login" className="btn btn-secondary">
                {t('bots.loginToSave')}
              </Link>
            )}
            <label className="field ded-inline">
              <span className="visually-hidden">{t('bots.testOpponent')}</span>
              <select value={level} onChange={(e) => setLevel(e.target.value as AiLevel)} aria-label={t('bots.testOpponent')}>
                {AI_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t(`ai.${l}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-secondary" disabled={testing} onClick={() => void test()} data-testid="bot-test">
              {testing ? t('bots.testing') : t('bots.test')}
            </button>
            {draft.id && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => navigate('/lab/deduction-game', { state: { bot: { id: draft.id, name: draft.name, code: draft.code } } })}
                data-testid="bot-play"
              >
                {t('bots.playAgainst')}
              </button>
            )}
            {draft.id && (
              <button type="button" className="btn btn-ghost" onClick={() => remove.mutate(draft.id!)}>
                {t('bots.delete')}
              </button>
            )}
          </div>
          {shareUrl && (
            <p className="ded-share">
              {t('bots.shareLink')}: <a href={shareUrl}>{shareUrl}</a>
            </p>
          )}
          {current && (
            <p data-testid="bot-ladder-status">
              {t(`ladder.status.${current.ladder.status}`, {
                rank: current.ladder.rank ?? '–',
                points: current.ladder.points,
                played: current.ladder.played,
                wins: current.ladder.wins,
              })}
              {current.ladder.errorReason && (
                <span className="muted" data-testid="bot-ladder-error">
                  {' · '}
                  {t(`ladder.errors.${current.ladder.errorReason}`)}
                  {current.ladder.error ? `: ${current.ladder.error}` : ''}
                </span>
              )}
            </p>
          )}
          {log.length > 0 && (
            <ol className="ded-testlog" aria-live="polite" ref={logRef} data-testid="bot-test-log">
              {log.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ol>
          )}
        </section>
        <section className="card" aria-labelledby="ded-mybots-title">
          <h2 id="ded-mybots-title">{t('bots.mine')}</h2>
          {!isAuthenticated ? (
            <p className="muted">{t('bots.guest')}</p>
          ) : bots.isLoading ? (
            <p className="muted">{t('loading')}</p>
          ) : bots.isError ? (
            <ErrorMessage title={t('bots.loadError')} error={bots.error} onRetry={() => void bots.refetch()} />
          ) : (bots.data ?? []).length === 0 ? (
            <p className="muted">{t('bots.none')}</p>
          ) : (
            <ul className="ded-botlist">
              {bots.data!.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-current={b.id === draft.id ? 'true' : undefined}
                    onClick={() => setDraft({ id: b.id, name: b.name, description: b.description, code: b.code, shared: b.shared })}
                  >
                    {b.name}
                  </button>
                  <span className="muted">{t(`ladder.short.${b.ladder.status}`, { points: b.ladder.points })}</span>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => setDraft(empty(t('bots.defaultName')))}>
            {t('bots.newButton')}
          </button>
          <p>
            <Link to="/lab/deduction-game/ladder">{t('intro.ladder')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
