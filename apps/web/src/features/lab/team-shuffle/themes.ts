/**
 * Team-name styles: the sixteen themes of the original Team Shuffle and a custom list. The words
 * live in the catalogues (`themes.<id>.words`); past the end of a list the words repeat with a
 * number ("호랑이팀 2").
 */
export const THEME_IDS = [
  'default',
  'letters',
  'colors',
  'military',
  'animals',
  'zodiac',
  'elements',
  'planets',
  'notes',
  'directions',
  'seasons',
  'mythology',
  'gems',
  'values',
  'foods',
  'roman',
] as const;
export type ThemeId = (typeof THEME_IDS)[number] | 'custom';

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function roman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN) while (n >= v) [out, n] = [out + s, n - v];
  return out;
}

type T = (key: string, opts?: Record<string, unknown>) => unknown;

/** The name of team `index` (0-based) in a theme. */
export function themeTeamName(theme: ThemeId, index: number, t: T, customNames: readonly string[] = []): string {
  const fallback = String(t('shuffle.teamDefault', { n: index + 1 }));
  if (theme === 'default') return fallback;
  if (theme === 'custom') return customNames[index]?.trim() || fallback;
  if (theme === 'roman') return String(t('themes.roman.format', { x: roman(index + 1) }));
  const words = t(`themes.${theme}.words`, { returnObjects: true });
  if (!Array.isArray(words) || words.length === 0) return fallback;
  const word = String(words[index % words.length]);
  const round = Math.floor(index / words.length);
  return String(t(`themes.${theme}.format`, { x: round ? `${word} ${round + 1}` : word }));
}
