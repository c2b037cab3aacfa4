/**
 * The result: what could not hold (relaxations), the teams with editable names, the team-name
 * style, copy as text, CSV, the share link, and the projector view (large type, dark, Esc).
 */
import type { Relaxation, ShuffleResult } from '@moim/games';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast/toast';
import { Projector } from '../projector';
import type { DocAction, ShuffleDoc } from './doc';
import { teamsAsCsv, teamsAsText } from './export';
import { shareUrl } from './share-link';
import { TeamCards } from './team-cards';
import { THEME_IDS, themeTeamName, type ThemeId } from './themes';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function useRelaxationText() {
  const { t } = useTranslation('lab');
  return (r: Relaxation, doc: ShuffleDoc) => {
    const names = (g: string[] | undefined) => (g ?? []).join(', ');
    switch (r.kind) {
      case 'split':
        return t(`shuffle.relaxed.split.${r.reason}`, { teams: r.teams, requested: r.requested });
      case 'together':
        return t(`shuffle.relaxed.together.${r.reason}`, { names: names(doc.together[r.group]) });
      case 'apart':
        return t(`shuffle.relaxed.apart.${r.reason}`, { names: names(doc.apart[r.group]), count: r.pairs });
      case 'balance':
        return t('shuffle.relaxed.balance', { key: r.key, spread: r.spread });
      case 'spread':
        return t('shuffle.relaxed.spread', { count: r.repeatedPairs });
    }
  };
}

export function TeamResults({ doc, result, dispatch }: { doc: ShuffleDoc; result: ShuffleResult; dispatch: (a: DocAction) => void }) {
  const { t } = useTranslation('lab');
  const id = useId();
  const [projector, setProjector] = useState(false);
  const relaxText = useRelaxationText();
  const nameOf = (i: number) => doc.teamNames[i] || themeTeamName(doc.theme, i, t, doc.customNames);
  const link = shareUrl(doc, window.location.origin);
  const count = (n: number) => t('shuffle.members', { count: n });

  return (
    <div className="stack">
      <div className="ts-toolbar">
        <div className="stack ts-toolbar__theme">
          <label htmlFor={`${id}-theme`}>{t('shuffle.theme')}</label>
          <select id={`${id}-theme`} value={doc.theme} onChange={(e) => dispatch({ type: 'theme', theme: e.target.value as ThemeId })}>
            {THEME_IDS.map((th) => (
              <option key={th} value={th}>
                {t(`themes.${th}.label`)}
              </option>
            ))}
            <option value="custom">{t('themes.custom.label')}</option>
          </select>
        </div>
        {doc.theme === 'custom' && (
          <div className="stack ts-toolbar__custom">
            <label htmlFor={`${id}-custom`}>{t('shuffle.customNames')}</label>
            <input
              id={`${id}-custom`}
              type="text"
              defaultValue={doc.customNames.join(', ')}
              placeholder={t('shuffle.customPlaceholder')}
              onBlur={(e) =>
                dispatch({
                  type: 'theme',
                  theme: 'custom',
                  customNames: e.target.value
                    .split(',')
                    .map((s) => s.trim().slice(0, 40))
                    .slice(0, 200),
                })
              }
            />
          </div>
        )}
      </div>

      {result.relaxed.length > 0 && (
        <div className="lab-notice" role="status" data-testid="relaxations">
          <strong>{t('shuffle.relaxedTitle')}</strong>
          <ul>
            {result.relaxed.map((r, i) => (
              <li key={i}>{relaxText(r, doc)}</li>
            ))}
          </ul>
        </div>
      )}

      <TeamCards
        teams={result.teams}
        nameOf={nameOf}
        people={doc.people}
        balanceBy={doc.balanceBy}
        onRename={(index, name) => dispatch({ type: 'rename', index, name })}
      />
      <p className="muted field-help" data-testid="shuffle-seed">
        {t('shuffle.seed', { seed: doc.seed })}
      </p>

      <div className="row">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={async () =>
            (await copy(teamsAsText(result.teams, nameOf, count))) ? toast.success(t('copied')) : toast.error(t('copyFailed'))
          }
        >
          {t('shuffle.copyText')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() =>
            download(
              'teams.csv',
              teamsAsCsv(result.teams, nameOf, doc.people, { team: t('shuffle.csvTeam'), name: t('shuffle.csvName') }),
              'text/csv;charset=utf-8',
            )
          }
        >
          {t('shuffle.exportCsv')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setProjector(true)} data-testid="open-projector">
          {t('projector.open')}
        </button>
      </div>

      <div className="stack">
        <label htmlFor={`${id}-link`}>{t('shuffle.shareLink')}</label>
        <div className="ts-share">
          <input id={`${id}-link`} type="text" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
          <button
            type="button"
            className="btn btn-primary"
            onClick={async () => ((await copy(link)) ? toast.success(t('copied')) : toast.error(t('copyFailed')))}
          >
            {t('shuffle.copyLink')}
          </button>
        </div>
        <p className="muted field-help">{t('shuffle.shareHelp')}</p>
      </div>

      {projector && (
        <Projector title={t('cards.team-shuffle.title')} onClose={() => setProjector(false)}>
          <TeamCards teams={result.teams} nameOf={nameOf} people={doc.people} balanceBy={doc.balanceBy} large />
        </Projector>
      )}
    </div>
  );
}
