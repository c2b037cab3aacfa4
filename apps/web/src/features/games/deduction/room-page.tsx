/**
 * /lab/deduction-game/rooms/:id: an online room (docs/deduction.md "Online rooms"): seats, the
 * invite link and invitations by username, ready and start, the board of my seat (or a
 * spectator's), leave and return, the result with the rating change. The room's live topics
 * (public, and my seat's own) refresh the view; the page sends a heartbeat every 10 s while its
 * person plays (not after they left).
 */
import type { RoomViewValue } from '@moim/contract';
import type { DeductionView } from '@moim/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams, useSearchParams } from 'react-router';
import { copyText } from '../../../shared/lib/copy-text';
import { useLiveInvalidation, usePollUnlessLive } from '../../../shared/live/use-live';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { KeywordGrid } from './keyword-grid';
import { roomKeys, roomQuery, roomsApi } from './rooms-api';
import './deduction.css';
import './room-page.css';

const HEARTBEAT_MS = 10_000;

export default function RoomPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { t, i18n } = useTranslation('deduction');
  const qc = useQueryClient();
  const poll = usePollUnlessLive(3_000);
  const room = useQuery({ ...roomQuery(id), refetchInterval: poll });
  const data = room.data;
  useLiveInvalidation(`deduction-room:${id}`, [roomKeys.room(id)]);
  useLiveInvalidation(data?.seatTopic, [roomKeys.room(id)]);
  const seated = data?.mySeat !== null && data?.mySeat !== undefined;
  const left = !!data?.seats.find((s) => s.seat === data.mySeat)?.left;
  /** set from the press of "leave" in a game (before the room says so) until "return": no heartbeat meanwhile */
  const leaving = useRef(false);
  // The heartbeat says I am here, and brings a person who left back: it stops once I leave (the
  // timer plays my turns then) and starts again when I press "return".
  useEffect(() => {
    if (!seated || data?.status !== 'PLAYING' || left) return;
    const beat = () => {
      if (!leaving.current) void roomsApi.presence(id).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [id, seated, data?.status, left]);
  const set = (v: RoomViewValue) => qc.setQueryData(roomKeys.room(id), v);
  const act = useMutation({
    mutationFn: async (fn: () => Promise<RoomViewValue | unknown>) => fn(),
    onSuccess: (v) => {
      if (v && typeof v === 'object' && 'seats' in v) set(v as RoomViewValue);
      else void qc.invalidateQueries({ queryKey: roomKeys.room(id) });
    },
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [username, setUsername] = useState('');
  const [invited, setInvited] = useState<string | null>(null);
  /** whether the invite link reached the clipboard (null: not tried) */
  const [copied, setCopied] = useState<boolean | null>(null);
  const copyLink = async (text: string) => {
    try {
      await copyText(text);
      setCopied(true);
    } catch {
      // no clipboard (an insecure origin, or refused): the field is selected for copying by hand
      document.getElementById('ded-room-link')?.focus();
      setCopied(false);
    }
  };

  if (room.isLoading) return <p className="container muted">{t('loading')}</p>;
  if (room.isError || !data) return <ErrorMessage className="container" error={room.error} onRetry={() => void room.refetch()} />;

  const view = data.game?.view as DeductionView | undefined;
  const myTurn = !!view && view.activeSeat !== null && view.activeSeat === data.mySeat;
  const link = data.invite ? `${window.location.origin}/lab/deduction-game/rooms/${data.id}?invite=${data.invite}` : null;
  const me = data.seats.find((s) => s.seat === data.mySeat);
  const invite = search.get('invite') ?? undefined;
  const seatName = (i: number) => {
    const s = data.seats[i]!;
    if (s.kind === 'AI') return t(`rooms.kind.${s.level!}`);
    if (s.kind === 'BOT') return t('rooms.botSeat', { name: s.name ?? '' });
    return s.name ?? t('rooms.free');
  };

  return (
    <div className="ded-page ded-room container" data-testid="ded-room">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab/deduction-game/rooms">{t('rooms.title')}</Link>
        </p>
        <h1>{t('rooms.roomTitle', { preset: t(`rooms.presets.${data.settings.preset}`) })}</h1>
        <p className="muted" role="status">
          {t(`rooms.status.${data.status}`)}
          {data.mySeat === null ? ` · ${t('rooms.spectating')}` : ''}
        </p>
      </header>
      {act.isError && <ErrorMessage error={act.error} />}
      <section className="card" aria-labelledby="ded-seats">
        <h2 id="ded-seats">{t('rooms.seats')}</h2>
        <ol>
          {data.seats.map((s) => (
            <li key={s.seat} aria-current={view?.activeSeat === s.seat ? 'true' : undefined}>
              <strong>{seatName(s.seat)}</strong>
              {s.seat === data.mySeat ? ` (${t('rooms.you')})` : ''}
              {s.kind === 'HUMAN' && s.userId
                ? ` · ${s.left ? t('rooms.left') : s.connected ? t('rooms.online') : t('rooms.offline')}`
                : ''}
              {data.status === 'OPEN' && s.kind === 'HUMAN' && s.userId && s.userId !== data.hostId
                ? ` · ${s.ready ? t('rooms.ready') : t('rooms.notReady')}`
                : ''}
              {view?.activeSeat === s.seat ? ` · ${t('rooms.turn')}` : ''}
            </li>
          ))}
        </ol>
        {data.status === 'OPEN' && !seated && (
          <button type="button" className="btn btn-primary" onClick={() => act.mutate(() => roomsApi.join(id, invite))}>
            {t('rooms.join')}
          </button>
        )}
        {data.status === 'OPEN' && seated && me && me.userId !== data.hostId && (
          <button
            type="button"
            className="btn btn-primary"
            aria-pressed={me.ready}
            onClick={() => act.mutate(() => roomsApi.ready(id, !me.ready))}
          >
            {me.ready ? t('rooms.unready') : t('rooms.readyButton')}
          </button>
        )}
        {data.status === 'OPEN' && me?.userId === data.hostId && (
          <button type="button" className="btn btn-primary" onClick={() => act.mutate(() => roomsApi.start(id))}>
            {t('rooms.start')}
          </button>
        )}{' '}
        {seated && (data.status === 'OPEN' || data.status === 'PLAYING') && !me?.left && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              act.mutate(async () => {
                // before the start, leaving frees the seat: there is no heartbeat to hold
                leaving.current = data.status === 'PLAYING';
                try {
                  return await roomsApi.leave(id);
                } catch (err) {
                  leaving.current = false;
                  throw err;
                }
              })
            }
          >
            {t('rooms.leave')}
          </button>
        )}
        {seated && data.status === 'PLAYING' && me?.left && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              act.mutate(() => {
                leaving.current = false;
                return roomsApi.presence(id);
              })
            }
          >
            {t('rooms.return')}
          </button>
        )}
      </section>
      {data.status === 'OPEN' && link && (
        <section className="card" aria-labelledby="ded-invite">
          <h2 id="ded-invite">{t('rooms.invite')}</h2>
          <div className="ded-room__link">
            <label htmlFor="ded-room-link">{t('rooms.link')}</label>
            <div className="ded-room__row">
              <input id="ded-room-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn-secondary" onClick={() => void copyLink(link)}>
                {t('rooms.copy')}
              </button>
            </div>
            {copied !== null && <p role="status">{copied ? t('rooms.copied') : t('rooms.copyFailed')}</p>}
          </div>
          {me?.userId === data.hostId && (
            <form
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                act.mutate(async () => {
                  await roomsApi.invite(id, username);
                  setInvited(username);
                  setUsername('');
                  return null;
                });
              }}
            >
              <label htmlFor="ded-room-username">{t('rooms.username')}</label>
              <div className="ded-room__row">
                <input
                  id="ded-room-username"
                  value={username}
                  required
                  maxLength={40}
                  autoComplete="off"
                  onChange={(e) => setUsername(e.target.value)}
                />
                <button type="submit" className="btn btn-secondary">
                  {t('rooms.inviteButton')}
                </button>
              </div>
              {invited && <p role="status">{t('rooms.invited', { username: invited })}</p>}
            </form>
          )}
        </section>
      )}
      {view && (
        <section className="card" aria-labelledby="ded-board">
          <h2 id="ded-board">{myTurn ? t('rooms.yourTurn') : t('rooms.gameBoard')}</h2>
          {data.game?.turnDeadline && (
            <p className="muted">{t('rooms.deadline', { time: new Date(data.game.turnDeadline).toLocaleTimeString(i18n.language) })}</p>
          )}
          <KeywordGrid
            view={view}
            seat={data.mySeat}
            selected={selected}
            notes={{}}
            disabled={!myTurn}
            noteMode={false}
            english={i18n.language.startsWith('en')}
            onToggle={(i) => {
              const next = new Set(selected);
              if (next.has(i)) next.delete(i);
              else if (next.size < view.settings.answerCount) next.add(i);
              setSelected(next);
            }}
            onNote={() => undefined}
          />
          {myTurn && (
            <p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={selected.size !== view.settings.answerCount || act.isPending}
                onClick={() =>
                  act.mutate(async () => {
                    const v = await roomsApi.move(id, view.turn, [...selected]);
                    setSelected(new Set());
                    return v;
                  })
                }
              >
                {t('rooms.guess', { n: selected.size, k: view.settings.answerCount })}
              </button>
            </p>
          )}
          <h3>{t('rooms.history')}</h3>
          <ol>
            {view.history.map((h) => (
              <li key={h.turn}>
                {h.kind === 'skip' ? (
                  <>
                    {seatName(h.seat)}: {t('rooms.lostTurn')}
                  </>
                ) : (
                  <>
                    {seatName(h.seat)}:{' '}
                    {(h.guess ?? []).map((i) => view.keywords[i]![i18n.language.startsWith('en') ? 'en' : 'ko']).join(', ')} →{' '}
                    {h.correct === null ? '?' : h.correct}
                    {h.timeout ? ` (${t('rooms.timeout')})` : ''}
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {data.result && (
        <section className="card" aria-labelledby="ded-result" data-testid="ded-room-result">
          <h2 id="ded-result">{t('rooms.result')}</h2>
          <p>{data.result.rated ? t('rooms.rated') : t(`rooms.unrated.${data.result.unratedReason ?? 'HAS_AI'}`)}</p>
          <ul>
            {data.result.seats.map((s) => (
              <li key={s.seat}>
                {seatName(s.seat)}: {t(`rooms.standing.${s.standing}`)} · {t('rooms.score', { score: s.score })}
                {s.ratingBefore !== null && s.ratingAfter !== null
                  ? ` · ${Math.round(s.ratingBefore)} → ${Math.round(s.ratingAfter)} (${s.ratingAfter >= s.ratingBefore ? '+' : ''}${Math.round(s.ratingAfter - s.ratingBefore)})`
                  : ''}
              </li>
            ))}
          </ul>
          <p className="muted">
            {t('rooms.answers')}: {view?.outcome?.answers.map((i) => view.keywords[i]!.ko).join(', ')}
          </p>
        </section>
      )}
    </div>
  );
}
