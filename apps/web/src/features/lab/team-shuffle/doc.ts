/**
 * Team Shuffle's state as one document (roster, split, constraints, seed, names) with undo and
 * redo. The teams are never stored: they are computed from the document (shuffleTeams), which
 * is what makes a share link, a saved roster and an undo step all show the same teams.
 */
import type { LabPerson } from '@moim/contract';
import { LAB_LIMITS } from '@moim/contract';
import { type ShuffleResult, shuffleTeams } from '@moim/games';
import type { ThemeId } from './themes';

export interface ShuffleDoc {
  people: LabPerson[];
  split: { by: 'count' | 'size'; value: number; allowSingles: boolean };
  together: string[][];
  apart: string[][];
  balanceBy: string | null;
  spreadLast: number;
  /** earlier results (teams of names), most recent first */
  recent: string[][][];
  seed: string | null;
  theme: ThemeId;
  customNames: string[];
  /** names typed over the theme's, by team index, for the current result */
  teamNames: (string | null)[];
}

export const emptyDoc = (): ShuffleDoc => ({
  people: [],
  split: { by: 'count', value: 2, allowSingles: false },
  together: [],
  apart: [],
  balanceBy: null,
  spreadLast: 0,
  recent: [],
  seed: null,
  theme: 'default',
  customNames: [],
  teamNames: [],
});

export function resultOf(doc: ShuffleDoc): ShuffleResult | null {
  if (!doc.seed || doc.people.length === 0) return null;
  return shuffleTeams({
    people: doc.people.map((p) => ({ id: p.name, tags: p.tags })),
    split: doc.split,
    together: doc.together,
    apart: doc.apart,
    balanceBy: doc.balanceBy,
    past: doc.recent,
    spreadLast: doc.spreadLast,
    seed: doc.seed,
  });
}

/** Tag columns present in the roster. */
export const columnsOf = (people: readonly LabPerson[]) => [...new Set(people.flatMap((p) => Object.keys(p.tags)))];

export type DocAction =
  | { type: 'import'; people: LabPerson[] }
  | { type: 'removePerson'; name: string }
  | { type: 'split'; split: ShuffleDoc['split'] }
  | { type: 'addConstraint'; kind: 'together' | 'apart'; names: string[] }
  | { type: 'removeConstraint'; kind: 'together' | 'apart'; index: number }
  | { type: 'balance'; key: string | null }
  | { type: 'spread'; last: number }
  | { type: 'shuffle'; seed: string }
  | { type: 'theme'; theme: ThemeId; customNames?: string[] }
  | { type: 'rename'; index: number; name: string | null }
  | { type: 'load'; doc: ShuffleDoc };

function prune(doc: ShuffleDoc): ShuffleDoc {
  const names = new Set(doc.people.map((p) => p.name));
  const keep = (groups: string[][]) => groups.map((g) => g.filter((n) => names.has(n))).filter((g) => g.length >= 2);
  const columns = columnsOf(doc.people);
  return {
    ...doc,
    together: keep(doc.together),
    apart: keep(doc.apart),
    balanceBy: doc.balanceBy && columns.includes(doc.balanceBy) ? doc.balanceBy : null,
  };
}

export function applyDoc(doc: ShuffleDoc, a: DocAction): ShuffleDoc {
  switch (a.type) {
    case 'import':
      return prune({ ...doc, people: a.people, seed: null, recent: [], teamNames: [], together: [], apart: [] });
    case 'removePerson':
      return prune({ ...doc, people: doc.people.filter((p) => p.name !== a.name), teamNames: [] });
    case 'split':
      return { ...doc, split: a.split, teamNames: [] };
    case 'addConstraint': {
      const names = [...new Set(a.names)].filter((n) => doc.people.some((p) => p.name === n));
      if (names.length < 2 || doc[a.kind].length >= LAB_LIMITS.constraintGroups) return doc;
      return { ...doc, [a.kind]: [...doc[a.kind], names.slice(0, LAB_LIMITS.groupSize)] };
    }
    case 'removeConstraint':
      return { ...doc, [a.kind]: doc[a.kind].filter((_, i) => i !== a.index) };
    case 'balance':
      return { ...doc, balanceBy: a.key };
    case 'spread':
      return { ...doc, spreadLast: Math.max(0, Math.min(LAB_LIMITS.recentResults, a.last)) };
    case 'shuffle': {
      const current = resultOf(doc);
      const recent = current ? [current.teams, ...doc.recent].slice(0, LAB_LIMITS.recentResults) : doc.recent;
      return { ...doc, recent, seed: a.seed, teamNames: [] };
    }
    case 'theme':
      return { ...doc, theme: a.theme, customNames: a.customNames ?? doc.customNames, teamNames: [] };
    case 'rename': {
      const teamNames = doc.teamNames.slice();
      teamNames[a.index] = a.name;
      return { ...doc, teamNames };
    }
    case 'load':
      return prune(a.doc);
  }
}

export interface History {
  past: ShuffleDoc[];
  present: ShuffleDoc;
  future: ShuffleDoc[];
}

const MAX_UNDO = 50;

export type HistoryAction = DocAction | { type: 'undo' } | { type: 'redo' };

export function historyReducer(h: History, a: HistoryAction): History {
  if (a.type === 'undo') {
    if (h.past.length === 0) return h;
    return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };
  }
  if (a.type === 'redo') {
    if (h.future.length === 0) return h;
    return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
  }
  const next = applyDoc(h.present, a);
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-MAX_UNDO), present: next, future: [] };
}
