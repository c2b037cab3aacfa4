/**
 * What the lab offers, in one small list (the /lab page, the not-found state and the "coming
 * soon" pages read it). Adding or opening a game or tool is a one-line change here; the words
 * are under `cards.<id>` in i18n/{ko,en}.json.
 */
import type { LabIconName } from './lab-icons';

export type LabCategory = 'playground' | 'utilities';
export type LabStatus = 'active' | 'beta' | 'soon';

export interface LabItem {
  id: string;
  path: string;
  category: LabCategory;
  status: LabStatus;
  /** a line icon of lab-icons.tsx (never an emoji: machines without an emoji font show boxes) */
  icon: LabIconName;
}

export const LAB_CATEGORIES: readonly LabCategory[] = ['playground', 'utilities'];

export const LAB_ITEMS: readonly LabItem[] = [
  { id: 'tetris', path: '/lab/tetris', category: 'playground', status: 'active', icon: 'blocks' },
  { id: 'deduction', path: '/lab/deduction-game', category: 'playground', status: 'active', icon: 'magnifier' },
  { id: 'team-shuffle', path: '/lab/team-shuffle', category: 'utilities', status: 'active', icon: 'shuffle' },
  { id: 'spotlight-arena', path: '/lab/spotlight-arena', category: 'utilities', status: 'active', icon: 'spotlight' },
];

/** The item a /lab/{subject} address names (by id or by the last segment of its path). */
export function labItemFor(subject: string): LabItem | undefined {
  return LAB_ITEMS.find((i) => i.id === subject || i.path === `/lab/${subject}`);
}

/**
 * Old addresses of live items (`/lab/{id}` where the page lives elsewhere, such as /lab/deduction):
 * the server answers them with a redirect (app/prerender.tsx SERVER_REDIRECTS), and the app's
 * /lab/{subject} page does the same when reached inside the app.
 */
export const LAB_REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = LAB_ITEMS.filter(
  (i) => i.status !== 'soon' && i.path !== `/lab/${i.id}`,
).map((i) => [`/lab/${i.id}`, i.path] as const);
