/** /lab/deduction-game/rooms: create an online room, my rooms, the rating board (docs/deduction.md "Online rooms"). */
import { ROOM_MAX_BOTS } from '@moim/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { botsQuery } from './api';
import { ratingBoardQuery, roomListQuery, roomsApi, userRatingQuery } from './rooms-api';
import './deduction.css';
import './rooms-page.css';

/** A seat as the form holds it: a person, a built-in AI's level, or `BOT:<id>` (one of my bots). */
type Seat = 'HUMAN' | 'EASY' | 'MEDIUM' | 'HARD' | `BOT:${string}`;
const PRESETS = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;

function seatPlan(s: Seat) {
  if (s === 'HUMAN') return { kind: 'HUMAN' as const };
  if (s.startsWith('BOT:')) return { kind: 'BOT' as const, botId: s.slice(4) };
  return { kind: 'AI' as const, level: s as 'EASY' | 'MEDIUM' | 'HARD' };
}

export default function RoomsPage() {
  const { t } = useTranslation('deduction');
  const { user } = useAuth();
  const navigate = useNavigate();
  const rooms = useQuery(roomListQuery());
  const board = useQuery(ratingBoardQuery());
  const mine = useQuery({ ...userRatingQuery(user?.id ?? ''), enabled: !!user });
  const bots = useQuery({ ...botsQuery(), enabled: !!user });
  const myBots = (bots.data ?? []).filter((b) => b.isMine);
  const [preset, setPreset] = useState<(typeof PRESETS)[number]>('BEGINNER');
  const [seats, setSeats] = useState<Seat[]>(['HUMAN', 'HUMAN']);
  const create = useMutation({
    mutationFn: () =>
      roomsApi.create({
        preset,
        theme: 'MIXED',
        seats: seats.map(seatPlan),
      }),
    onSuccess: (room) => void navigate(`/lab/deduction-game/rooms/${room.id}`),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const r = mine.data?.rating;
  const botSeats = seats.filter((s) => s.startsWith('BOT:')).length;
  return (
    <div className="ded-page ded-rooms container">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab/deduction-game">{t('title')}</Link>
        </p>
        <h1>{t('rooms.title')}</h1>
        <p className="muted">{t('rooms.lead')}</p>
        <p data-testid="my-rating">
          {r ? t('rooms.myRating', { rating: Math.round(r.rating), rd: Math.round(r.deviation), games: r.games }) : t('rooms.noRating')}
          {r?.provisional ? ` ${t('rooms.provisional')}` : ''}
        </p>
      </header>
      <section className="card" aria-labelledby="ded-create">
        <h2 id="ded-create">{t('rooms.create')}</h2>
        <form onSubmit={submit}>
          <label>
            {t('rooms.preset')}{' '}
            <select value={preset} onChange={(e) => setPreset(e.target.value as (typeof PRESETS)[number])}>
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`rooms.presets.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('rooms.seats')}</legend>
            {seats.map((s, i) => (
              <label key={i} className="ded-rooms__seat">
                {t('rooms.seatN', { n: i + 1 })}{' '}
                <select
                  value={s}
                  disabled={i === 0}
                  onChange={(e) => setSeats(seats.map((x, j) => (j === i ? (e.target.value as Seat) : x)))}
                >
                  {(['HUMAN', 'EASY', 'MEDIUM', 'HARD'] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`rooms.kind.${k}`)}
                    </option>
                  ))}
                  {myBots.length > 0 && (
                    <optgroup label={t('rooms.myBots')}>
                      {myBots.map((b) => (
                        <option key={b.id} value={`BOT:${b.id}`} disabled={botSeats >= ROOM_MAX_BOTS && !s.startsWith('BOT:')}>
                          {t('rooms.botSeat', { name: b.name })}
                        </option>
                      ))}
                    </optgroup>
                  )}
                </select>
              </label>
            ))}
            <p className="muted">
              {myBots.length > 0 ? (
                t('rooms.botsHint', { max: ROOM_MAX_BOTS })
              ) : (
                <>
                  {t('rooms.noBots')} <Link to="/lab/deduction-game/bots">{t('rooms.writeBot')}</Link>
                </>
              )}
            </p>
            <div className="ded-rooms__seat-actions">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={seats.length >= 6}
                onClick={() => setSeats([...seats, 'HUMAN'])}
              >
                {t('rooms.addSeat')}
              </button>{' '}
              <button type="button" className="btn btn-secondary" disabled={seats.length <= 2} onClick={() => setSeats(seats.slice(0, -1))}>
                {t('rooms.removeSeat')}
              </button>
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={create.isPending || seats.filter((s) => s === 'HUMAN').length < 2}>
            {t('rooms.createButton')}
          </button>
          {create.isError && <ErrorMessage error={create.error} />}
        </form>
      </section>
      <section className="card" aria-labelledby="ded-my-rooms">
        <h2 id="ded-my-rooms">{t('rooms.mine')}</h2>
        {rooms.isLoading ? (
          <p className="muted">{t('loading')}</p>
        ) : rooms.isError ? (
          <ErrorMessage error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : rooms.data!.items.length === 0 ? (
          <p className="muted">{t('rooms.none')}</p>
        ) : (
          <ul>
            {rooms.data!.items.map((room) => (
              <li key={room.id}>
                <Link to={`/lab/deduction-game/rooms/${room.id}`}>
                  {t('rooms.item', { host: room.hostName ?? '?', taken: room.taken, seats: room.seats })}
                </Link>{' '}
                · {t(`rooms.status.${room.status}`)} · {t(`rooms.role.${room.role}`)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="ded-ratings" data-testid="ded-ratings">
        <h2 id="ded-ratings">{t('rooms.board')}</h2>
        {board.isLoading ? (
          <p className="muted">{t('loading')}</p>
        ) : board.isError ? (
          <ErrorMessage error={board.error} onRetry={() => void board.refetch()} />
        ) : board.data!.items.length === 0 ? (
          <p className="muted">{t('rooms.boardEmpty')}</p>
        ) : (
          <div className="ded-scroll">
            <table className="board-table">
              <thead>
                <tr>
                  <th scope="col">{t('boards.rank')}</th>
                  <th scope="col">{t('rooms.player')}</th>
                  <th scope="col" className="num">
                    {t('rooms.rating')}
                  </th>
                  <th scope="col" className="num">
                    {t('rooms.games')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.data!.items.map((e) => (
                  <tr key={e.userId}>
                    <td className="rank">{e.rank}</td>
                    <td>{e.name ?? t('boards.anonymous')}</td>
                    <td className="num">
                      {Math.round(e.rating)}
                      {e.provisional ? '?' : ''}
                    </td>
                    <td className="num">{e.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
