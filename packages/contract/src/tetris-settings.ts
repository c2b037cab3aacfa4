/**
 * The wire schema of a player's Tetris controls (/api/games/tetris/settings; a guest's live in
 * the browser under the same shape, read by `readTetrisSettings`): key repeat (DAS, ARR),
 * soft-drop speed and the keys of each action. Key repeat
 * happens in the browser, which logs every repeated shift as an input, so these settings never
 * change what a log replays to; the soft-drop speed travels in the log itself (packages/games).
 */
import { z } from 'zod';
import { bindingConflicts, TETRIS_CONTROLS, TETRIS_SETTINGS_LIMITS } from './tetris-controls.ts';

/**
 * A key as `KeyboardEvent.code` names it (`KeyA`, `ArrowLeft`, `Space`, `Numpad4` …). Tab is never
 * a game key: it moves the focus, and a page that took it would trap keyboard users.
 */
export const tetrisKeyCode = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, { message: 'form.keyCode' })
  .refine((k) => k !== 'Tab', { message: 'form.keyCode' });

const keys = z.array(tetrisKeyCode).min(1).max(TETRIS_SETTINGS_LIMITS.keysPerControl);
const L = TETRIS_SETTINGS_LIMITS;

export const tetrisSettings = z
  .object({
    dasMs: z.number().int().min(L.dasMs.min).max(L.dasMs.max),
    arrMs: z.number().int().min(L.arrMs.min).max(L.arrMs.max),
    softDropFactor: z
      .number()
      .int()
      .min(L.softDropFactor.min)
      .max(L.softDropFactor.max)
      .refine((f) => f === 0 || f >= 2, { message: 'form.softDropFactor' }),
    bindings: z.strictObject({
      left: keys,
      right: keys,
      softDrop: keys,
      hardDrop: keys,
      rotateCW: keys,
      rotateCCW: keys,
      hold: keys,
      pause: keys,
    }),
  })
  .superRefine((s, ctx) => {
    for (const control of TETRIS_CONTROLS) {
      const mine = s.bindings[control];
      if (mine.some((key, i) => mine.indexOf(key) !== i || bindingConflicts(s.bindings, key).length > 1))
        ctx.addIssue({ code: 'custom', message: 'form.keyBoundTwice', path: ['bindings', control] });
    }
  });
/** What the server keeps for a player: the settings, and when they were saved (null: never, the defaults). */
export const tetrisSettingsAnswer = z.object({
  settings: tetrisSettings,
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TetrisSettingsAnswer = z.infer<typeof tetrisSettingsAnswer>;
