/**
 * Glicko-2 ratings of online deduction games (docs/deduction.md "Online rooms"): the rating board
 * and one player's rating. A rating whose deviation is above `GLICKO_PROVISIONAL` is shown as
 * provisional. Ratings are written when a rated room finishes (room-finish.ts).
 */
import { GLICKO_PROVISIONAL } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import * as roomRepo from './room-repo.ts';

/** Places on the rating board. */
const BOARD_SIZE = 50;

interface RatedRow {
  userId: string;
  name: string | null;
  rating: number;
  deviation: number;
  games: number;
}

const rated = (r: RatedRow) => ({ ...r, provisional: r.deviation > GLICKO_PROVISIONAL });

export class RatingService {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  /** The rating board: active players by rating, ranked from 1. */
  async board() {
    const rows = await roomRepo.ratingBoard(this.ctx.db, BOARD_SIZE);
    return { items: rows.map((r, i) => ({ ...rated(r), rank: i + 1 })) };
  }

  /** A player's rating (null: no rated game yet, or not an active member). */
  async ofUser(userId: string) {
    const r = await roomRepo.ratingOf(this.ctx.db, userId);
    return { rating: r ? rated(r) : null };
  }
}
