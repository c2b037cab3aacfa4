/**
 * The one definition of a study's seats, for every page and the server:
 *   capacity  — seats the leader offers (the leader takes none);
 *   enrolled  — confirmed active members;
 *   held      — seats held by accepted applications still awaiting payment;
 *   taken     — enrolled + held (what "n/capacity" shows everywhere);
 *   remaining — capacity − taken, never below 0; full when 0.
 */
export interface StudySeats {
  capacity: number;
  enrolled: number;
  held: number;
  taken: number;
  remaining: number;
  full: boolean;
}

export function studySeats(s: { capacity: number; enrolled: number; seatsTaken?: number | null }): StudySeats {
  const enrolled = Math.max(0, s.enrolled);
  const taken = Math.max(enrolled, s.seatsTaken ?? 0);
  const remaining = Math.max(0, s.capacity - taken);
  return { capacity: s.capacity, enrolled, held: taken - enrolled, taken, remaining, full: remaining === 0 };
}
