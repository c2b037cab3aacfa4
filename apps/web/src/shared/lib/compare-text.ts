/**
 * One order for names and titles wherever a list is drawn: Korean collation, not the runtime's
 * default locale. A page rendered on the server (Node, its own default) is adopted by a browser
 * (the reader's): ordered by each one's default, "E2E 스터디" and "테코테코" changed places at the
 * same hour and the markup no longer matched (React #418).
 */
const collator = new Intl.Collator('ko');

export const compareText = (a: string, b: string): number => collator.compare(a, b);

/** Code-point order for machine text (ISO dates, HH:MM times, ids): the same in every runtime. */
export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
