/** /lab: the lab's games and tools by category (remembered for the session), with the player's Tetris bests. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n';
import { useAuth } from '../../shared/auth/auth-provider';
import { useBrowserState } from '../../shared/lib/use-browser-state';
import { readSession, writeSession } from '../../shared/storage';
import { readTetrisHighScore, useGameSession, useMyStats, weeklyChampionQuery } from '../games';
import { LAB_CATEGORIES, type LabCategory, type LabItem } from './lab-catalog';
import { TabBar } from '../../shared/ui/tab-bar';
import { LabList } from './lab-list';
import './lab.css';
import { formatCount } from '../../shared/lib/format-count';

const CATEGORY_KEY = 'lab-category';
type Filter = LabCategory | 'all';

function storedCategory(): Filter {
  const v = readSession(CATEGORY_KEY);
  return v === 'playground' || v === 'utilities' ? v : 'all';
}

function TetrisFacts() {
  const { t } = useTranslation('lab');
  const { isAuthenticated } = useAuth();
  const my = useMyStats(isAuthenticated);
  const weekly = useQuery(weeklyChampionQuery('TETRIS'));
  const mine = my.data?.games.find((g) => g.gameType === 'TETRIS');
  // this browser's best (a guest's): read once the prerendered page has been adopted
  const [stored] = useBrowserState(() => readTetrisHighScore() || null, null);
  const best = isAuthenticated ? (mine?.bestScore ?? null) : stored;
  const rank = isAuthenticated ? (mine?.rank ?? null) : null;
  const champion = weekly.data?.entries[0];
  return (
    <dl className="lab-card__facts">
      <div>
        <dt>{isAuthenticated ? t('myBest') : t('myBestLocal')}</dt>
        <dd data-testid="lab-tetris-best">{best !== null ? formatCount(best) : '–'}</dd>
      </div>
      {rank && (
        <div>
          <dt>{t('myRank')}</dt>
          <dd>{t('rankOf', { rank: formatCount(rank.rank), total: formatCount(rank.totalPlayers) })}</dd>
        </div>
      )}
      {/* the row is there while the board loads (and in the prerendered page): its arrival moved
          the cards below down 26 px (docs/rendering.md, "Fonts") */}
      {champion ? (
        <div>
          <dt>{t('weeklyChampion')}</dt>
          <dd>
            <span data-user-content="">{champion.name ?? '—'}</span> · {formatCount(champion.score)}
          </dd>
        </div>
      ) : (
        weekly.isPending && (
          <div>
            <dt>{t('weeklyChampion')}</dt>
            <dd>–</dd>
          </div>
        )
      )}
    </dl>
  );
}

export default function LabPage() {
  const { t } = useTranslation('lab');
  useGameSession(); // imports guest history after login, replays queued results
  // the category chosen earlier in this tab: read once the prerendered page has been adopted
  const [category, setCategory] = useBrowserState<Filter>(storedCategory, 'all');
  const choose = (c: Filter) => {
    setCategory(c);
    writeSession(CATEGORY_KEY, c);
  };
  const extra = (item: LabItem) => (item.id === 'tetris' ? <TetrisFacts /> : null);

  return (
    <div className="lab-page">
      <header className="lab-hero">
        <div className="container">
          <p className="lab-hero__eyebrow">LAB</p>
          <h1>{t('title')}</h1>
          <p className="lab-hero__lead">{t('lead')}</p>
        </div>
      </header>
      <div className="container">
        <TabBar variant="segmented" className="lab-filter" role="group" aria-label={t('categoryLabel')}>
          {(['all', ...LAB_CATEGORIES] as Filter[]).map((c) => (
            <button key={c} type="button" aria-pressed={category === c} onClick={() => choose(c)} data-testid={`lab-category-${c}`}>
              {t(`categories.${c}`)}
            </button>
          ))}
        </TabBar>
        <LabList category={category} extra={extra} />
      </div>
    </div>
  );
}
