/**
 * Keys → the game's controls, by the player's bindings (settings: server for a signed-in player,
 * this browser for a guest). The held-key logic itself (DAS, ARR, soft drop) is `TetrisKeys` in
 * @moim/games, so what a held key puts in the log is tested against the server's replay.
 */
import type { TetrisControl, TetrisSettings } from '@moim/contract';

export type Control = TetrisControl;

/** code → control, for the bindings in force. */
export type KeyMap = ReadonlyMap<string, Control>;

export function keyMapOf(bindings: TetrisSettings['bindings']): KeyMap {
  const map = new Map<string, Control>();
  for (const [control, codes] of Object.entries(bindings) as [Control, readonly string[]][])
    for (const code of codes) map.set(code, control);
  return map;
}

/**
 * The control a key stands for: by its `KeyboardEvent.code`, else (a layout or device without
 * codes) by the key it typed: a letter as its `Key…` code, a space as `Space`.
 */
export function controlForKey(keys: KeyMap, code: string, key?: string): Control | null {
  const byCode = keys.get(code);
  if (byCode) return byCode;
  if (key === ' ') return keys.get('Space') ?? null;
  if (key && key.length === 1 && /[a-z0-9]/i.test(key)) return keys.get(/\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`) ?? null;
  return key ? (keys.get(key) ?? null) : null;
}

/** A key's name for people: ← for ArrowLeft, Z for KeyZ, 5 for Digit5, Shift (left) … */
export function keyLabel(code: string, t: (key: string) => string): string {
  const arrows: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };
  if (arrows[code]) return arrows[code];
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (/^Numpad\d$/.test(code)) return `${t('keys.numpad')} ${code.slice(6)}`;
  const side = /^(Shift|Control|Alt|Meta)(Left|Right)$/.exec(code);
  if (side) return `${side[1]} (${t(`keys.${side[2]!.toLowerCase()}`)})`;
  if (code === 'Space') return 'Space';
  if (code === 'Escape') return 'Esc';
  return code;
}
