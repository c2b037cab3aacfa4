/**
 * Light / dark / system theme. The choice is kept in localStorage under `theme`; "system"
 * removes data-theme so tokens.css follows prefers-color-scheme. public/theme-init.js applies
 * the saved choice before the first paint (the CSP forbids inline scripts).
 */
import { readLocal, removeLocal, writeLocal } from '../storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
export const THEME_CHOICES: ThemeChoice[] = ['light', 'dark', 'system'];
const KEY = 'theme';

export function readTheme(): ThemeChoice {
  const v = readLocal(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function saveTheme(choice: ThemeChoice): void {
  if (choice === 'system') removeLocal(KEY);
  else writeLocal(KEY, choice);
  applyTheme(choice);
}
