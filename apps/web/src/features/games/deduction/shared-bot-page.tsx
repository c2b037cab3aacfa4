/** /lab/deduction-game/bots/shared/:shareId — a bot someone shared: its code, ladder result, and a game against it. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { sharedBotQuery } from './api';
import './deduction.css';

export default function SharedBotPage() {
  const { t } = useTranslation('deduction');
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const bot = useQuery(sharedBotQuery(shareId));
  return (
    <div className="ded-page container">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab/deduction-game/ladder">{t('ladder.title')}</Link>
        </p>
        <h1>{bot.data?.name ?? t('shared.title')}</h1>
      </header>
      {bot.isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : bot.isError || !bot.data ? (
        <p role="alert">{t('shared.notFound')}</p>
      ) : (
        <section className="card" data-testid="ded-shared-bot">
          <p>{t('shared.by', { name: bot.data.owner.name ?? t('boards.anonymous') })}</p>
          {bot.data.description && <p>{bot.data.description}</p>}
          <p>
            {t(`ladder.status.${bot.data.ladder.status}`, {
              rank: bot.data.ladder.rank ?? '–',
              points: bot.data.ladder.points,
              played: bot.data.ladder.played,
              wins: bot.data.ladder.wins,
            })}
          </p>
          <pre className="ded-code" tabIndex={0} aria-label={t('shared.code')}>
            {bot.data.code}
          </pre>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              navigate('/lab/deduction-game', { state: { bot: { id: bot.data.id, name: bot.data.name, code: bot.data.code } } })
            }
          >
            {t('shared.play')}
          </button>
        </section>
      )}
    </div>
  );
}
