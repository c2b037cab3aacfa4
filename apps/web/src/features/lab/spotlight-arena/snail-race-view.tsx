/**
 * The snail race on a canvas (so it can be recorded to a video file), with live commentary and
 * standings as text beside it. The plan (packages/games) already ends with the draw's picks
 * crossing first; this only draws it.
 */
import { planSnailRace, SNAIL_TICKS_PER_SECOND, SNAIL_TRACK, snailCommentary, type SnailComment, type SnailRacePlan } from '@moim/games';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { beep, fanfare } from './sound';
import type { ShowProps } from './show-types';
import { useShowClock } from './use-show-clock';
import { recordingSupported, startRecording } from './recorder';

const MS_PER_TICK = 1000 / SNAIL_TICKS_PER_SECOND;
const WIDTH = 960;
const LABEL = 130;
const FINISH_PAD = 60;
const EVENT_GLYPH: Record<string, string> = { dew: '✦', rocket: '»»', nap: 'z z', dance: '♪', leaf: '↠', wind: '←' };

function laneHeight(n: number) {
  return n <= 12 ? 38 : n <= 30 ? 24 : n <= 60 ? 14 : 9;
}

function positionAt(plan: SnailRacePlan, snail: number, tick: number): number {
  const trail = plan.positions[snail]!;
  const i = Math.min(trail.length - 1, Math.floor(tick));
  const next = trail[Math.min(trail.length - 1, i + 1)]!;
  return trail[i]! + (next - trail[i]!) * (tick - i);
}

function draw(canvas: HTMLCanvasElement, plan: SnailRacePlan, names: string[], tick: number) {
  const n = names.length;
  const h = laneHeight(n);
  const height = n * h + 24;
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  if (canvas.width !== WIDTH * dpr || canvas.height !== height * dpr) {
    canvas.width = WIDTH * dpr;
    canvas.height = height * dpr;
  }
  const g = canvas.getContext('2d');
  if (!g) return;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  const trackW = WIDTH - LABEL - FINISH_PAD;
  const finishX = LABEL + trackW;
  g.fillStyle = '#17301d';
  g.fillRect(0, 0, WIDTH, height);
  const ranks = new Map(plan.winners.map((w, i) => [w, i + 1]));
  const recent = new Map<number, string>();
  for (const e of plan.events) if (e.tick <= tick && tick - e.tick < 10) recent.set(e.snail, e.kind);
  for (let s = 0; s < n; s++) {
    const y = 12 + s * h;
    g.fillStyle = s % 2 ? '#1d3a24' : '#21432a';
    g.fillRect(0, y, WIDTH, h);
    if (h >= 13) {
      g.fillStyle = '#eef5ee';
      g.font = `${Math.min(15, h - 5)}px 'Pretendard Variable', Pretendard, sans-serif`;
      g.textBaseline = 'middle';
      g.fillText(names[s]!.slice(0, 10), 8, y + h / 2, LABEL - 14);
    }
    const pos = Math.min(SNAIL_TRACK + 2, positionAt(plan, s, tick));
    const x = LABEL + (pos / SNAIL_TRACK) * trackW;
    const r = Math.max(3, h * 0.32);
    g.fillStyle = '#c8d6a3';
    g.beginPath();
    g.ellipse(x + r * 0.6, y + h / 2 + r * 0.45, r * 1.4, r * 0.45, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = `hsl(${(s * 137) % 360} 70% 58%)`;
    g.beginPath();
    g.arc(x, y + h / 2, r, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = 'rgba(0,0,0,.35)';
    g.beginPath();
    g.arc(x, y + h / 2, r * 0.5, 0, Math.PI * 1.5);
    g.stroke();
    const ev = recent.get(s);
    if (ev && h >= 13) {
      g.fillStyle = '#ffe58a';
      g.font = `bold ${Math.min(14, h - 4)}px sans-serif`;
      g.fillText(EVENT_GLYPH[ev] ?? '!', x + r * 2.2, y + h / 2);
    }
    const rank = ranks.get(s);
    if (rank && plan.finish[s]! <= tick && h >= 9) {
      g.fillStyle = '#ffd24a';
      g.font = `bold ${Math.min(16, h - 2)}px sans-serif`;
      g.fillText(`${rank}`, finishX + 20, y + h / 2);
    }
  }
  for (let k = 0; k * 8 < height; k++) {
    g.fillStyle = k % 2 ? '#111' : '#f4f4f4';
    g.fillRect(finishX, k * 8, 6, 8);
    g.fillStyle = k % 2 ? '#f4f4f4' : '#111';
    g.fillRect(finishX + 6, k * 8, 6, 8);
  }
}

export default function SnailRaceView({ seed, names, heat, reduced, sound, record, onDone, onRecorded, onSkipReady }: ShowProps) {
  const { t } = useTranslation('lab');
  const plan = useMemo(() => planSnailRace(seed, names.length, heat), [seed, names.length, heat]);
  const comments = useMemo(() => snailCommentary(plan), [plan]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stopRecording = useRef<(() => void) | null>(null);
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  });
  const clock = useShowClock(plan.ticks * MS_PER_TICK, reduced, () => {
    stopRecording.current?.();
    fanfare(sound);
    onDone();
  });
  const tick = clock.elapsed / MS_PER_TICK;
  useEffect(() => onSkipReady(clock.skip), [clock.skip, onSkipReady]);
  useEffect(() => {
    if (canvas.current) draw(canvas.current, plan, names, tick);
  }, [plan, names, tick]);
  useEffect(() => {
    if (!record || reduced || !canvas.current || !recordingSupported()) return;
    stopRecording.current = startRecording(canvas.current, (url) => recorded.current?.(url));
    return () => stopRecording.current?.();
  }, [record, reduced]);
  const shown = comments.filter((c) => c.tick <= tick);
  const lastFinish = useRef(0);
  useEffect(() => {
    const finished = shown.filter((c) => c.kind === 'finish').length;
    if (finished > lastFinish.current) beep(sound, 880, 120);
    lastFinish.current = finished;
  }, [shown, sound]);

  const say = (c: SnailComment) => {
    const name = c.snail !== undefined ? names[c.snail]! : '';
    if (c.kind === 'event') return t(`arena.snail.events.${c.event}`, { name });
    return t(`arena.snail.comment.${c.kind}`, { name, place: c.place, count: names.length });
  };
  const standings = names
    .map((_, s) => ({ s, pos: positionAt(plan, s, tick), fin: plan.finish[s]! <= tick ? plan.finish[s]! : Infinity }))
    .sort((a, b) => a.fin - b.fin || b.pos - a.pos)
    .slice(0, 5);

  return (
    <div className="arena-snail">
      <canvas
        ref={canvas}
        className="arena-snail__canvas"
        role="img"
        aria-label={t('arena.snail.canvasLabel', { count: names.length })}
        data-testid="snail-canvas"
      />
      <div className="arena-side">
        <section aria-label={t('arena.standings')}>
          <h3>{t('arena.standings')}</h3>
          <ol className="arena-standings">
            {standings.map(({ s, pos, fin }) => (
              <li key={s}>
                <span>{names[s]}</span>
                <span className="muted">{fin !== Infinity ? t('arena.snail.finished') : `${Math.round(Math.min(pos, SNAIL_TRACK))}m`}</span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-label={t('arena.commentary')}>
          <h3>{t('arena.commentary')}</h3>
          <ul className="arena-commentary" aria-live="polite" data-testid="commentary">
            {shown
              .slice(-6)
              .reverse()
              .map((c, i) => (
                <li key={`${c.tick}-${c.kind}-${c.snail ?? ''}-${i}`}>{say(c)}</li>
              ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
