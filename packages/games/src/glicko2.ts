/**
 * Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
 * (how sure the rating is) and its volatility (how erratic the player is). Used for online
 * deduction games between people (docs/deduction.md "Ratings"): each game is one rating period
 * for its players, each pair of players one result (1 win, ½ draw, 0 loss).
 */

export interface Glicko2Rating {
  /** Public scale (1500 at the start). */
  rating: number;
  /** Rating deviation, public scale (350 at the start). */
  deviation: number;
  volatility: number;
}

export interface Glicko2Result {
  opponent: Glicko2Rating;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

export const GLICKO2_START: Glicko2Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** The system constant τ (constrains the change of volatility; Glickman suggests 0.3–1.2). */
export const GLICKO2_TAU = 0.5;

const SCALE = 173.7178;
const EPSILON = 0.000001;
/** A deviation never grows past the starting one. */
const MAX_DEVIATION = 350;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The rating after one rating period with these results (none: only the deviation grows). */
export function glicko2Update(player: Glicko2Rating, results: readonly Glicko2Result[], tau = GLICKO2_TAU): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    const phiStar = Math.sqrt(phi * phi + sigma * sigma);
    return { rating: player.rating, deviation: Math.min(MAX_DEVIATION, phiStar * SCALE), volatility: sigma };
  }
  // step 3–4: the estimated variance v and improvement Δ
  let vInv = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - 1500) / SCALE;
    const phiJ = r.opponent.deviation / SCALE;
    const gJ = g(phiJ);
    const e = expected(mu, muJ, phiJ);
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (r.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // step 5: the new volatility (Illinois algorithm)
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  // step 6–7: the new deviation and rating
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, deviation: Math.min(MAX_DEVIATION, phiNew * SCALE), volatility: sigmaNew };
}

/**
 * One game of several players as one rating period each: every pair is a result (the better
 * standing wins, equal standings draw), against the opponents' ratings before the game.
 * `rank`: lower is better (winners 0, the rest 1).
 */
export function glicko2Multiplayer(players: readonly { rating: Glicko2Rating; rank: number }[], tau = GLICKO2_TAU): Glicko2Rating[] {
  return players.map((p, i) =>
    glicko2Update(
      p.rating,
      players.flatMap((o, j) => (j === i ? [] : [{ opponent: o.rating, score: p.rank < o.rank ? 1 : p.rank === o.rank ? 0.5 : 0 }])),
      tau,
    ),
  );
}
