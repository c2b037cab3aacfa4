/**
 * Online deduction rooms (docs/deduction.md "Online rooms"): a host's room, people on their own
 * devices (built-in AIs and the host's custom bots may fill seats), the server as referee. Every
 * change holds the room's row (one at a time), replays the log on the seed (which never leaves
 * the server before the end), applies the move, plays the built-in AIs and the seats that are
 * away, stores the log and schedules the turn clock (a job: it survives restarts). A bot's turn
 * is a job too: the bot runs in the sandbox's thread outside any transaction, sees only its
 * seat's view, and its answer is played if the turn is still its own. After the commit it publishes on the
 * live channel: `deduction-room:<id>` what every player may know (turn, status, a public
 * count), `deduction-seat:<channel>` one seat's own count; the pages then read their view.
 */
import { randomBytes } from 'node:crypto';
import type { CreateRoomBody, RoomViewValue } from '@moim/contract';
import {
  aiMove,
  botRandomSeed,
  botStateFromView,
  checkBotAnswer,
  DeductionGame,
  DeductionMoveError,
  deductionView,
  presetSettings,
  type DeductionEvent,
  type DeductionSettings,
  type SeatSpec,
} from '@moim/games';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badState, forbidden, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { GamesDeps } from './deps.ts';
import { moveError } from './deduction-errors.ts';
import { TURN_GRACE_MS } from './deduction-service.ts';
import { ROOM_BOT_JOB, ROOM_CLOCK_JOB } from './jobs.ts';
import { finishRoom, networkOf } from './room-finish.ts';
import * as roomRepo from './room-repo.ts';
import { CONNECTED_MS, replayRoom, roomViewOf } from './room-view.ts';
import type { RoomSeatPlan } from './schema.ts';

/** A person unseen this long (no heartbeat, no page) is away: the timer plays their turns at once. */
export const PRESENCE_GRACE_MS = 60_000;

interface Moved {
  seat: number;
  kind: 'guess' | 'reveal';
  correct: number | null;
}

export class RoomService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: Clock,
    private readonly bots: GamesDeps['bots'],
  ) {}

  private now(): number {
    return this.clock().getTime();
  }

  private secret(): string {
    return this.ctx.config.jwtSecret;
  }

  async create(user: AuthUser, body: CreateRoomBody, ip: string): Promise<RoomViewValue> {
    const settings = { ...presetSettings(body.preset), theme: body.theme } as DeductionSettings;
    // a bot the host could not play against alone answers 404, as a missing one
    const plan: RoomSeatPlan[] = [];
    for (const s of body.seats) {
      if (s.kind !== 'BOT') plan.push(s);
      else plan.push({ kind: 'BOT', botId: s.botId, name: (await this.bots.seatable(user.id, s.botId)).name.trim().slice(0, 20) || 'bot' });
    }
    const room = await this.ctx.db.transaction(async (tx) => {
      const row = await roomRepo.insertRoom(tx, {
        hostId: user.id,
        inviteCode: randomBytes(12).toString('base64url'),
        settings: { settings, plan },
        seed: randomBytes(16).toString('hex'),
      });
      await roomRepo.insertSeat(tx, { roomId: row.id, seat: 0, userId: user.id, network: networkOf(ip, this.secret()) });
      for (const [seat, s] of plan.entries()) {
        if (s.kind === 'AI') await roomRepo.insertSeat(tx, { roomId: row.id, seat, aiLevel: s.level, ready: true });
        if (s.kind === 'BOT') await roomRepo.insertSeat(tx, { roomId: row.id, seat, botId: s.botId, ready: true });
      }
      return row;
    });
    return this.view(user, room.id);
  }

  /** The room as this user may see it: their seat's view, or a spectator's (what every player sees). */
  async view(user: AuthUser, roomId: string): Promise<RoomViewValue> {
    const room = await roomRepo.findRoom(this.ctx.db, roomId);
    if (!room) throw notFound('deduction.room.notFound');
    const seats = await roomRepo.seatsOf(this.ctx.db, roomId);
    const mine = seats.find((s) => s.userId === user.id);
    if (room.status === 'CLOSED' && !mine && room.hostId !== user.id) throw notFound('deduction.room.notFound');
    const names = await roomRepo.namesOf(
      this.ctx.db,
      seats.flatMap((s) => (s.userId ? [s.userId] : [])),
    );
    const changes = room.status === 'FINISHED' ? await roomRepo.ratingChangesOf(this.ctx.db, roomId) : [];
    return roomViewOf(room, seats, { mine, names, changes, invite: !!mine || room.hostId === user.id, now: this.now() });
  }

  async list(user: AuthUser) {
    const rooms = await roomRepo.roomsOf(this.ctx.db, user.id);
    const seats = await roomRepo.seatCounts(
      this.ctx.db,
      rooms.map((r) => r.id),
    );
    const names = await roomRepo.namesOf(this.ctx.db, [...new Set(rooms.map((r) => r.hostId))]);
    return {
      items: rooms.map((r) => {
        const s = seats.get(r.id) ?? [];
        const setup = r.settings;
        const role: 'HOST' | 'SEATED' | 'INVITED' =
          r.hostId === user.id ? 'HOST' : s.some((x) => x.userId === user.id) ? 'SEATED' : 'INVITED';
        return {
          id: r.id,
          status: r.status,
          hostId: r.hostId,
          hostName: names.get(r.hostId) ?? null,
          preset: setup.settings.preset,
          seats: setup.plan.length,
          taken: s.length,
          role,
          createdAt: r.createdAt.toISOString(),
        };
      }),
    };
  }

  async invite(user: AuthUser, roomId: string, username: string): Promise<void> {
    const room = await roomRepo.findRoom(this.ctx.db, roomId);
    if (!room) throw notFound('deduction.room.notFound');
    if (room.hostId !== user.id) throw forbidden('deduction.room.hostOnly');
    if (room.status !== 'OPEN') throw badState('deduction.room.notOpen', { reason: 'NOT_OPEN' });
    const member = await roomRepo.memberByUsername(this.ctx.db, username.replace(/^@/, ''));
    if (!member) throw notFound('deduction.room.userNotFound');
    if (member.id === user.id) throw new AppError('BIZ-3003', 'deduction.room.inviteSelf', { reason: 'INVITE_SELF' });
    await roomRepo.invite(this.ctx.db, roomId, member.id);
  }

  async join(user: AuthUser, roomId: string, invite: string | undefined, ip: string): Promise<RoomViewValue> {
    await this.change(roomId, async (tx, room, seats) => {
      if (room.status !== 'OPEN') throw badState('deduction.room.notOpen', { reason: 'NOT_OPEN' });
      if (seats.some((s) => s.userId === user.id)) throw badState('deduction.room.alreadySeated', { reason: 'ALREADY_SEATED' });
      const allowed = invite === room.inviteCode || (await roomRepo.isInvited(tx, roomId, user.id));
      if (!allowed) throw forbidden('deduction.room.notInvited');
      const free = room.settings.plan.findIndex((p, i) => p.kind === 'HUMAN' && !seats.some((s) => s.seat === i));
      if (free < 0) throw badState('deduction.room.full', { reason: 'ROOM_FULL' });
      await roomRepo.insertSeat(tx, { roomId, seat: free, userId: user.id, network: networkOf(ip, this.secret()) });
      return null;
    });
    return this.view(user, roomId);
  }

  async ready(user: AuthUser, roomId: string, ready: boolean): Promise<RoomViewValue> {
    await this.change(roomId, async (tx, room, seats) => {
      const mine = this.seatOf(seats, user);
      if (room.status !== 'OPEN') throw badState('deduction.room.notOpen', { reason: 'NOT_OPEN' });
      await roomRepo.updateSeat(tx, roomId, mine.seat, { ready });
      return null;
    });
    return this.view(user, roomId);
  }

  /** The host starts once every seat is taken and every other person is ready. */
  async start(user: AuthUser, roomId: string): Promise<RoomViewValue> {
    await this.change(roomId, async (tx, room, seats) => {
      if (room.hostId !== user.id) throw forbidden('deduction.room.hostOnly');
      if (room.status !== 'OPEN') throw badState('deduction.room.notOpen', { reason: 'NOT_OPEN' });
      const setup = room.settings;
      const full = setup.plan.every((_, i) => seats.some((s) => s.seat === i));
      if (!full || seats.some((s) => s.userId !== null && s.userId !== user.id && !s.ready)) {
        throw badState('deduction.room.notReady', { reason: 'NOT_READY' });
      }
      const names = await roomRepo.namesOf(
        tx,
        seats.flatMap((s) => (s.userId ? [s.userId] : [])),
      );
      const specs: SeatSpec[] = setup.plan.map((p, i) => {
        if (p.kind === 'AI') return { kind: 'AI', level: p.level };
        if (p.kind === 'BOT') return { kind: 'BOT', botId: p.botId, name: p.name };
        const name = (names.get(seats.find((s) => s.seat === i)!.userId!) ?? '').trim().slice(0, 20);
        return { kind: 'HUMAN', name: name || `P${i + 1}` };
      });
      const started = { ...room, settings: { ...setup, seats: specs } };
      const game = this.replay(started);
      await roomRepo.updateRoom(tx, roomId, {
        settings: started.settings,
        status: 'PLAYING',
        startedAt: new Date(this.now()),
        turnStartedAt: new Date(this.now()),
      });
      return this.advance(tx, { ...started, status: 'PLAYING', turnStartedAt: new Date(this.now()) }, seats, game, 0, null);
    });
    return this.view(user, roomId);
  }

  /** A guess of the person whose turn it is (their own seat only). */
  async move(user: AuthUser, roomId: string, turn: number, guess: number[]): Promise<RoomViewValue> {
    await this.change(roomId, async (tx, room, seats) => {
      const { mine, game } = this.myTurn(room, seats, user, turn);
      const limitMs = game.settings.turnSeconds * 1000;
      const elapsed = Math.max(0, this.now() - (room.turnStartedAt?.getTime() ?? this.now()));
      // past the turn's time (and the grace), the timer has played the time-out
      const timeout = elapsed > limitMs + TURN_GRACE_MS;
      const r = this.apply(game, {
        type: 'guess',
        seat: mine.seat,
        guess: timeout ? game.timeoutGuess() : guess,
        ms: Math.min(elapsed, limitMs),
        ...(timeout ? { timeout: true } : {}),
      });
      return this.advance(tx, room, seats, game, room.eventCount, { seat: mine.seat, kind: 'guess', correct: r.correct ?? null });
    });
    return this.view(user, roomId);
  }

  /** A reveal bought during my turn (private to my seat; the turn goes on). */
  async reveal(user: AuthUser, roomId: string, turn: number, kind: 'ANSWER' | 'WRONG'): Promise<RoomViewValue> {
    await this.change(roomId, async (tx, room, seats) => {
      const { mine, game } = this.myTurn(room, seats, user, turn);
      this.apply(game, { type: 'reveal', seat: mine.seat, kind });
      return this.advance(tx, room, seats, game, room.eventCount, { seat: mine.seat, kind: 'reveal', correct: null });
    });
    return this.view(user, roomId);
  }

  /** Leave: before the start the seat is freed (the host closes the room); during the game the timer plays for me. */
  async leave(user: AuthUser, roomId: string): Promise<void> {
    await this.change(roomId, async (tx, room, seats) => {
      const mine = this.seatOf(seats, user);
      if (room.status === 'OPEN') {
        if (room.hostId === user.id) await roomRepo.updateRoom(tx, roomId, { status: 'CLOSED' });
        else await roomRepo.deleteSeat(tx, roomId, mine.seat);
        return null;
      }
      if (room.status !== 'PLAYING') return null;
      await roomRepo.updateSeat(tx, roomId, mine.seat, { leftAt: new Date(this.now()) });
      mine.leftAt = new Date(this.now());
      return this.advance(tx, room, seats, this.replay(room), room.eventCount, null);
    });
  }

  /** The room page's heartbeat: I am here (and back, if I had left or was away). */
  async presence(user: AuthUser, roomId: string): Promise<void> {
    const room = await roomRepo.findRoom(this.ctx.db, roomId);
    if (!room) throw notFound('deduction.room.notFound');
    const seats = await roomRepo.seatsOf(this.ctx.db, roomId);
    const mine = this.seatOf(seats, user);
    const back = mine.leftAt !== null || this.now() - mine.lastSeenAt.getTime() >= CONNECTED_MS;
    if (mine.leftAt) await roomRepo.updateSeat(this.ctx.db, roomId, mine.seat, { leftAt: null });
    await roomRepo.touchSeat(this.ctx.db, roomId, user.id);
    if (back) await this.publish(room.id, room.status, room.turns, seats, null);
  }

  /** The turn clock (a job, jobs.ts): plays the time-out when the turn's time is up or its person is away. */
  async turnClock(roomId: string, turn: number): Promise<void> {
    await this.change(roomId, async (tx, room, seats) => {
      if (room.status !== 'PLAYING') return null;
      const game = this.replay(room);
      if (game.outcome || game.turn !== turn) return null;
      const seat = game.activeSeat!;
      const row = seats.find((s) => s.seat === seat)!;
      const limitMs = game.settings.turnSeconds * 1000;
      const elapsed = Math.max(0, this.now() - (room.turnStartedAt?.getTime() ?? 0));
      if (elapsed < limitMs && !this.away(row)) {
        await this.schedule(tx, room.id, game, row, room.turnStartedAt!);
        return null;
      }
      if (row.botId) {
        // the bot's move never came (its job lost with an instance past its attempts): a lost turn
        this.apply(game, { type: 'skip', seat, reason: 'BOT_TIMEOUT' });
        return this.advance(tx, room, seats, game, room.eventCount, null);
      }
      const r = this.apply(game, { type: 'guess', seat, guess: game.timeoutGuess(), ms: Math.min(elapsed, limitMs), timeout: true });
      return this.advance(tx, room, seats, game, room.eventCount, { seat, kind: 'guess', correct: r.correct ?? null });
    });
  }

  /**
   * A seated bot's turn (a job, jobs.ts): the bot sees its seat's view and answers in the
   * sandbox's thread, outside the room's lock; its answer is played only if the turn is still
   * the same. A bot its host may no longer use (deleted, or no longer shared) loses the turn.
   */
  async botTurn(roomId: string, turn: number): Promise<void> {
    const room = await roomRepo.findRoom(this.ctx.db, roomId);
    if (!room || room.status !== 'PLAYING') return;
    const before = this.replay(room);
    const seat = before.activeSeat;
    const spec = seat === null ? null : before.seats[seat];
    if (before.outcome || before.turn !== turn || spec?.kind !== 'BOT' || seat === null) return;
    const state = botStateFromView(deductionView(before, [seat]), seat);
    const reply = await this.bots.seatable(room.hostId, spec.botId).then(
      (bot) => this.bots.roomMove(bot.code, state, botRandomSeed(room.seed, turn, seat)),
      () => ({ skip: 'BOT_ERROR' as const }),
    );
    await this.change(roomId, async (tx, locked, seats) => {
      if (locked.status !== 'PLAYING') return null;
      const game = this.replay(locked);
      if (game.outcome || game.turn !== turn || game.activeSeat !== seat) return null;
      if ('skip' in reply) {
        this.apply(game, { type: 'skip', seat, reason: reply.skip });
        return this.advance(tx, locked, seats, game, locked.eventCount, null);
      }
      const checked = checkBotAnswer(reply.guess, state);
      if (!checked.ok) {
        this.apply(game, { type: 'skip', seat, reason: 'BOT_INVALID' });
        return this.advance(tx, locked, seats, game, locked.eventCount, null);
      }
      const r = this.apply(game, { type: 'guess', seat, guess: checked.guess });
      return this.advance(tx, locked, seats, game, locked.eventCount, { seat, kind: 'guess', correct: r.correct ?? null });
    });
  }

  // -- the referee's parts -------------------------------------------------------------------

  private seatOf(seats: roomRepo.SeatRow[], user: AuthUser): roomRepo.SeatRow {
    const mine = seats.find((s) => s.userId === user.id);
    if (!mine) throw forbidden('deduction.room.notSeated');
    return mine;
  }

  private myTurn(room: roomRepo.RoomRow, seats: roomRepo.SeatRow[], user: AuthUser, turn: number) {
    const mine = this.seatOf(seats, user);
    if (room.status !== 'PLAYING') throw badState('deduction.room.notPlaying', { reason: 'NOT_PLAYING' });
    const game = this.replay(room);
    if (turn !== game.turn) throw badState('deduction.staleTurn', { reason: 'STALE_TURN', turn: game.turn });
    if (game.activeSeat !== mine.seat) throw badState('deduction.room.notYourTurn', { reason: 'NOT_YOUR_TURN', turn: game.turn });
    return { mine, game };
  }

  private apply(game: DeductionGame, e: DeductionEvent) {
    try {
      return game.apply(e);
    } catch (err) {
      if (err instanceof DeductionMoveError) throw moveError(err);
      throw err;
    }
  }

  /** A person who left or is unseen past the grace (AIs and bots are never away). */
  private away(row: roomRepo.SeatRow): boolean {
    if (!row.userId) return false;
    return row.leftAt !== null || this.now() - row.lastSeenAt.getTime() > PRESENCE_GRACE_MS;
  }

  private replay(room: Pick<roomRepo.RoomRow, 'seed' | 'settings' | 'events'>): DeductionGame {
    return replayRoom(room);
  }

  /**
   * After a move: the built-in AIs play, and so does the timer for persons who are away (left,
   * or unseen past the grace); then the log is stored, the game finished or the clock set (and,
   * on a bot's turn, its move queued).
   */
  private async advance(
    tx: DbOrTx,
    room: roomRepo.RoomRow,
    seats: roomRepo.SeatRow[],
    game: DeductionGame,
    eventCountBefore: number,
    moved: Moved | null,
  ): Promise<() => Promise<void>> {
    const turnBefore = room.turns;
    while (!game.outcome) {
      const seat = game.activeSeat!;
      const row = seats.find((s) => s.seat === seat)!;
      if (row.aiLevel) game.apply({ type: 'guess', seat, guess: aiMove(game) });
      else if (row.botId) break;
      else if (this.away(row)) game.apply({ type: 'guess', seat, guess: game.timeoutGuess(), ms: 0, timeout: true });
      else break;
    }
    const newTurn = game.turn !== turnBefore;
    const startedAt = newTurn ? new Date(this.now()) : room.turnStartedAt;
    if (game.events.length !== eventCountBefore || newTurn) {
      await roomRepo.updateRoom(tx, room.id, {
        events: game.events,
        eventCount: game.events.length,
        turns: game.turn,
        turnStartedAt: startedAt,
      });
    }
    const after = { ...room, events: game.events, eventCount: game.events.length, turns: game.turn };
    if (game.outcome) await finishRoom(tx, after, seats, game, new Date(this.now()));
    else if (newTurn || room.eventCount === 0) {
      const next = seats.find((s) => s.seat === game.activeSeat)!;
      await this.schedule(tx, room.id, game, next, startedAt!);
      if (next.botId) await this.ctx.jobs.enqueue(ROOM_BOT_JOB, { roomId: room.id, turn: game.turn }, { maxAttempts: 3 }, tx);
    }
    const status = game.outcome ? 'FINISHED' : 'PLAYING';
    return () => this.publish(room.id, status, game.turn, seats, moved, game);
  }

  /** The next look of the clock: the turn's end, or the moment its person's grace runs out. */
  private async schedule(tx: DbOrTx, roomId: string, game: DeductionGame, row: roomRepo.SeatRow, startedAt: Date) {
    const deadline = startedAt.getTime() + game.settings.turnSeconds * 1000;
    const graceEnd = row.userId ? row.lastSeenAt.getTime() + PRESENCE_GRACE_MS + 1_000 : deadline;
    const runAt = new Date(Math.max(this.now(), Math.min(deadline, graceEnd)));
    await this.ctx.jobs.enqueue(ROOM_CLOCK_JOB, { roomId, turn: game.turn }, { runAt, maxAttempts: 5 }, tx);
  }

  /** One change of a room, its row held; publishes after the commit. */
  private async change(
    roomId: string,
    fn: (tx: DbOrTx, room: roomRepo.RoomRow, seats: roomRepo.SeatRow[]) => Promise<(() => Promise<void>) | null>,
  ): Promise<void> {
    const after = await this.ctx.db.transaction(async (tx) => {
      const room = await roomRepo.lockRoom(tx, roomId);
      if (!room) throw notFound('deduction.room.notFound');
      const seats = await roomRepo.seatsOf(tx, roomId);
      const publish = await fn(tx, room, seats);
      return publish ?? (() => this.publish(roomId, null, null, seats, null));
    });
    await after().catch((err: unknown) => this.ctx.log.warn({ err, roomId }, 'deduction room: publish failed'));
  }

  /**
   * Events after a change: the room's topic says what every player and spectator may know; each
   * person's seat topic adds their own count when the move was theirs (the rule of the view).
   */
  private async publish(
    roomId: string,
    status: string | null,
    turn: number | null,
    seats: roomRepo.SeatRow[],
    moved: Moved | null,
    game?: DeductionGame,
  ): Promise<void> {
    const publicCount = moved?.kind === 'guess' && moved.correct === 0 && game?.settings.globalHint ? 0 : null;
    const base = { roomId, status, turn, seat: moved?.kind === 'guess' ? moved.seat : null, correct: publicCount };
    if (moved?.kind !== 'reveal') await this.ctx.live.publish(`deduction-room:${roomId}`, 'deduction.changed', base);
    for (const s of seats) {
      if (!s.userId) continue;
      const own = moved?.seat === s.seat;
      if (moved?.kind === 'reveal' && !own) continue;
      await this.ctx.live.publish(`deduction-seat:${s.channel}`, 'deduction.changed', {
        ...base,
        seat: own ? moved!.seat : base.seat,
        kind: moved?.kind ?? null,
        correct: own ? moved!.correct : publicCount,
      });
    }
  }
}
