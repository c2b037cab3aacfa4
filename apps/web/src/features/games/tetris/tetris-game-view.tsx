/**
 * The playfield: the board on a canvas redrawn at the display's frame rate
 * (requestAnimationFrame) while the engine runs at a fixed 60 Hz through an accumulator, so
 * the log is the same on a 60, 120 or 144 Hz screen. Hold, next 5, the figures, keyboard (the
 * player's bindings) and (≤ 768 px) touch controls, under a bar with the game's title and
 * buttons. Overlays (start, pause, result) come from the page as children. Sized so that bar,
 * well and (on phones) touch buttons fit the window below the site header together; a new game
 * brings all of it into view there.
 */
import {
  NEXT_QUEUE_SIZE,
  TICKS_PER_SECOND,
  VISIBLE_ROWS,
  BOARD_WIDTH,
  tetrisShiftRoom,
  type PieceKind,
  type TetrisGame,
  type TetrisKeys,
} from '@moim/games';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { controlForKey, keyLabel, type Control, type KeyMap } from './tetris-input';
import { drawBoard, drawMini, fitCanvas, readTheme, type BoardTheme } from './tetris-renderer';
import { formatCount } from '../../../shared/lib/format-count';
import { scrollBelowHeader } from '../../../shared/lib/scroll-below-header';

const STEP_MS = 1000 / TICKS_PER_SECOND;
/** After a long stall (tab in background, debugger) do not fast-forward more than this. */
const MAX_CATCH_UP_MS = 250;
/** Room around the well below the header: its 2 px borders, the gaps above and below. */
const BOARD_VIEWPORT_MARGIN = 40;

export interface Hud {
  score: number;
  level: number;
  lines: number;
  seconds: number;
  combo: number;
  paused: boolean;
  hold: PieceKind | null;
  canHold: boolean;
  next: PieceKind[];
  clearTick: number;
  clearLines: number;
  clearTSpin: string;
  backToBack: boolean;
}

function hudOf(game: TetrisGame): Hud {
  const s = game.state;
  return {
    score: s.score,
    level: s.level,
    lines: s.linesCleared,
    seconds: Math.floor(s.activeTicks / TICKS_PER_SECOND),
    combo: Math.max(0, s.combo),
    paused: s.paused,
    hold: s.hold,
    canHold: s.canHold,
    next: s.next.slice(0, NEXT_QUEUE_SIZE),
    clearTick: s.lastClear?.tick ?? -1,
    clearLines: s.lastClear?.lines ?? 0,
    clearTSpin: s.lastClear?.tSpin ?? 'none',
    backToBack: s.lastClear?.backToBack ?? false,
  };
}

function sameHud(a: Hud | null, b: Hud): boolean {
  return (
    !!a &&
    a.score === b.score &&
    a.level === b.level &&
    a.lines === b.lines &&
    a.seconds === b.seconds &&
    a.paused === b.paused &&
    a.hold === b.hold &&
    a.canHold === b.canHold &&
    a.clearTick === b.clearTick &&
    a.next.join() === b.next.join()
  );
}

function MiniPiece({ kind, dim, theme, label }: { kind: PieceKind | null; dim?: boolean; theme: BoardTheme | null; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c || !theme) return;
    const cell = 14;
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    c.width = Math.round(cell * 4 * dpr);
    c.height = Math.round(cell * 2.5 * dpr);
    c.style.width = `${cell * 4}px`;
    c.style.height = `${cell * 2.5}px`;
    c.getContext('2d')?.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawMini(c, kind, cell, theme, dim);
  }, [kind, dim, theme]);
  return <canvas ref={ref} className="tetris-mini" role="img" aria-label={label} />;
}

export interface TetrisGameViewProps {
  game: TetrisGame | null;
  input: TetrisKeys;
  /** the player's key bindings */
  keys: KeyMap;
  /** the bar above the well: the title and the game's buttons */
  toolbar?: ReactNode;
  /** The simulation runs (false before start, while submitting, after the end). */
  running: boolean;
  onGameOver: () => void;
  onPauseChange: (paused: boolean) => void;
  onHud?: (hud: Hud) => void;
  overlay?: ReactNode;
  /** Set when the game started so the board takes keyboard focus. */
  focusKey?: string | number;
}

export function TetrisGameView({
  game,
  input,
  keys,
  toolbar,
  running,
  onGameOver,
  onPauseChange,
  onHud,
  overlay,
  focusKey,
}: TetrisGameViewProps) {
  const { t } = useTranslation('games');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const focusRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const cellRef = useRef(24);
  const themeRef = useRef<BoardTheme | null>(null);
  const [theme, setTheme] = useState<BoardTheme | null>(null);
  const [hud, setHud] = useState<Hud | null>(null);
  const hudRef = useRef<Hud | null>(null);
  const callbacks = useRef({ onGameOver, onPauseChange, onHud });
  useEffect(() => {
    callbacks.current = { onGameOver, onPauseChange, onHud };
  });

  // Size the board to its frame (and again on resize / theme change).
  const refit = useCallback(() => {
    const canvas = canvasRef.current;
    const frame = frameRef.current;
    if (!canvas || !frame) return;
    // The bar and the whole well fit the viewport below the sticky header (1280×800, 1440×900
    // laptops): the well's height is the window's less the header, the bar and a small margin;
    // 20 rows, so half as wide.
    const byWidth = frame.clientWidth;
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 64;
    const bar = barRef.current?.offsetHeight ?? 0;
    const byHeight = Math.max(240, window.innerHeight - header - bar - BOARD_VIEWPORT_MARGIN) / 2;
    cellRef.current = fitCanvas(canvas, Math.min(byWidth, byHeight), BOARD_WIDTH, VISIBLE_ROWS);
    const th = readTheme(canvas);
    themeRef.current = th;
    setTheme((prev) => (prev && prev.background === th.background && prev.grid === th.grid ? prev : th));
  }, []);
  useEffect(() => {
    // The observer's first callback (the frame's size, in the next frame, after its layout) does
    // the first fit: a call here would force a style and layout pass and create the canvas's 2D
    // context inside the hydration's effects, one 40–70 ms task (docs/rendering.md, "Start-up work in short tasks").
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(refit) : null;
    if (ro && frameRef.current) ro.observe(frameRef.current);
    else refit();
    const mo = new MutationObserver(refit);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    mq?.addEventListener?.('change', refit);
    return () => {
      ro?.disconnect();
      mo.disconnect();
      mq?.removeEventListener?.('change', refit);
    };
  }, [refit]);

  const publish = useCallback((g: TetrisGame) => {
    const next = hudOf(g);
    if (!sameHud(hudRef.current, next)) {
      if (hudRef.current && hudRef.current.paused !== next.paused) callbacks.current.onPauseChange(next.paused);
      hudRef.current = next;
      setHud(next);
      callbacks.current.onHud?.(next);
    }
  }, []);

  // The loop: fixed 60 Hz steps, one draw per animation frame.
  useEffect(() => {
    if (!game) return;
    hudRef.current = null;
    publish(game);
    const canvas = canvasRef.current;
    const draw = () => {
      if (canvas && themeRef.current) drawBoard(canvas, game.state, cellRef.current, themeRef.current);
    };
    draw();
    if (!running) return;
    let raf = 0;
    let last = performance.now();
    let acc = 0;
    let over = false;
    const frame = (now: number) => {
      acc += Math.min(now - last, MAX_CATCH_UP_MS);
      last = now;
      const s = game.state;
      if (s.paused) {
        acc = 0;
        if (input.takePause()) game.step(['P']);
      } else {
        while (acc >= STEP_MS && !s.gameOver) {
          game.step(input.tick((dir) => tetrisShiftRoom(s, dir)));
          acc -= STEP_MS;
          if (s.paused) {
            acc = 0;
            break;
          }
        }
      }
      draw();
      publish(game);
      if (s.gameOver) {
        over = true;
        callbacks.current.onGameOver();
        return;
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => {
      if (!over) cancelAnimationFrame(raf);
    };
  }, [game, running, input, publish]);

  useEffect(() => {
    if (theme && game && canvasRef.current) drawBoard(canvasRef.current, game.state, cellRef.current, theme);
  }, [theme, game]);

  // A new game brings the bar, the whole well and the buttons into view below the sticky header
  // (the root's scroll-margin-top), and takes the keys.
  useEffect(() => {
    if (focusKey === undefined || !running) return;
    focusRef.current?.focus({ preventScroll: true });
    scrollBelowHeader(rootRef.current);
  }, [focusKey, running]);

  // While a game runs, its keys never scroll the page, wherever the focus is (a button just
  // pressed, the page body); they go to the game. Typing in a field is left alone.
  useEffect(() => {
    if (!running) return;
    const board = focusRef.current;
    const editable = (el: EventTarget | null) =>
      el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
    // a dialog (the controls) has its own keys
    const inDialog = (el: EventTarget | null) => el instanceof Element && el.closest('dialog') !== null;
    const onDown = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || editable(e.target) || inDialog(e.target)) return;
      if (board && e.target instanceof Node && board.contains(e.target)) return; // the board's own handler
      const control = controlForKey(keys, e.code, e.key);
      if (!control) return;
      // Space and Enter on a focused button keep their meaning (press the button).
      if (e.target instanceof HTMLElement && e.target.closest('button, a') && (e.key === ' ' || e.key === 'Enter')) return;
      e.preventDefault();
      board?.focus({ preventScroll: true });
      input.down(control, e.repeat);
    };
    const onUp = (e: KeyboardEvent) => {
      if (board && e.target instanceof Node && board.contains(e.target)) return;
      const control = controlForKey(keys, e.code, e.key);
      if (control) input.up(control);
    };
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    return () => {
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
    };
  }, [running, input, keys]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!running || e.altKey || e.ctrlKey || e.metaKey) return;
    const control = controlForKey(keys, e.code, e.key);
    if (!control) return;
    e.preventDefault();
    input.down(control, e.repeat);
  };
  const onKeyUp = (e: React.KeyboardEvent) => {
    const control = controlForKey(keys, e.code, e.key);
    if (control) input.up(control);
  };

  const touch = (control: Control) => ({
    onPointerDown: (e: React.PointerEvent) => {
      e.preventDefault();
      if (running) input.down(control);
    },
    onPointerUp: () => input.up(control),
    onPointerLeave: () => input.up(control),
    onPointerCancel: () => input.up(control),
  });

  const time = hud ? `${Math.floor(hud.seconds / 60)}:${String(hud.seconds % 60).padStart(2, '0')}` : '0:00';
  return (
    <div className="tetris-view" ref={rootRef}>
      {toolbar && (
        <div className="tetris-view__bar" ref={barRef}>
          {toolbar}
        </div>
      )}
      <div className="tetris-play">
        <aside className="tetris-side" aria-label={t('tetris.sidePanel')}>
          <div className="tetris-box">
            <h3 className="tetris-box__title">{t('tetris.hold')}</h3>
            <MiniPiece
              kind={hud?.hold ?? null}
              dim={hud ? !hud.canHold : false}
              theme={theme}
              label={t('tetris.holdPiece', { piece: hud?.hold ? t(`tetris.pieces.${hud.hold}`) : t('tetris.none') })}
            />
          </div>
          <dl className="tetris-figures">
            <div>
              <dt>{t('tetris.score')}</dt>
              <dd data-testid="tetris-score">{formatCount(hud?.score ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('tetris.level')}</dt>
              <dd data-testid="tetris-level">{hud?.level ?? 1}</dd>
            </div>
            <div>
              <dt>{t('tetris.lines')}</dt>
              <dd data-testid="tetris-lines">{hud?.lines ?? 0}</dd>
            </div>
            <div>
              <dt>{t('tetris.time')}</dt>
              <dd>{time}</dd>
            </div>
          </dl>
          {hud && hud.clearLines > 0 && (
            <p className="tetris-flash" key={hud.clearTick} aria-hidden="true">
              {hud.clearTSpin !== 'none' ? t('tetris.flash.tspin') : t(`tetris.flash.lines${Math.min(4, hud.clearLines)}`)}
              {hud.combo > 0 && ` · ${t('tetris.flash.combo', { count: hud.combo })}`}
              {hud.backToBack && ` · B2B`}
            </p>
          )}
        </aside>

        <div className="tetris-board-frame" ref={frameRef}>
          <div
            ref={focusRef}
            className="tetris-board"
            tabIndex={0}
            role="application"
            aria-roledescription={t('tetris.boardRole')}
            aria-label={t('tetris.boardLabel')}
            aria-describedby="tetris-help"
            data-testid="tetris-board"
            onKeyDown={onKeyDown}
            onKeyUp={onKeyUp}
            onBlur={() => input.releaseAll()}
          >
            <canvas ref={canvasRef} aria-hidden="true" />
            {hud?.paused && running && !overlay && (
              <div className="tetris-overlay" role="status">
                <p className="tetris-overlay__title">{t('tetris.paused')}</p>
                <p>
                  {t('tetris.pausedHint', {
                    keys: [...keys]
                      .filter(([, c]) => c === 'pause')
                      .map(([code]) => keyLabel(code, t))
                      .join(', '),
                  })}
                </p>
              </div>
            )}
            {overlay}
          </div>
        </div>

        <aside className="tetris-side" aria-label={t('tetris.nextPanel')}>
          <div className="tetris-box">
            <h3 className="tetris-box__title">{t('tetris.next')}</h3>
            <div className="tetris-next">
              {(hud?.next ?? []).map((k, i) => (
                <MiniPiece key={i} kind={k} theme={theme} label={t('tetris.nextPiece', { n: i + 1, piece: t(`tetris.pieces.${k}`) })} />
              ))}
            </div>
          </div>
        </aside>

        <div className="tetris-touch" aria-label={t('tetris.touchControls')} role="group">
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.left')} {...touch('left')}>
            ←
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.rotateCCW')} {...touch('rotateCCW')}>
            ↺
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.rotateCW')} {...touch('rotateCW')}>
            ↻
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.right')} {...touch('right')}>
            →
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.hold')} {...touch('hold')}>
            {t('tetris.holdShort')}
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.softDrop')} {...touch('softDrop')}>
            ↓
          </button>
          <button type="button" className="btn btn-primary" aria-label={t('tetris.controls.hardDrop')} {...touch('hardDrop')}>
            ⤓
          </button>
          <button type="button" className="btn btn-secondary" aria-label={t('tetris.controls.pause')} {...touch('pause')}>
            Ⅱ
          </button>
        </div>
      </div>
    </div>
  );
}
