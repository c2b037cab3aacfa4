/**
 * The stage: plays the run's heats one after another with the chosen show (each its own lazy
 * chunk), lets the audience skip to the result (S), and reports when it is over.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { DrawRun } from './draw-run';
import type { ShowProps } from './show-types';

const VIEWS: Record<DrawRun['game'], ComponentType<ShowProps>> = {
  SNAIL_RACE: lazy(() => import('./snail-race-view')),
  DART_WHEEL: lazy(() => import('./dart-wheel-view')),
  SLOT_CASCADE: lazy(() => import('./slot-cascade-view')),
};

const typing = (el: EventTarget | null) => el instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);

export interface StageProps {
  run: DrawRun;
  reduced: boolean;
  sound: boolean;
  record: boolean;
  onFinished: () => void;
  onRecorded: (url: string) => void;
}

export function Stage({ run, reduced, sound, record, onFinished, onRecorded }: StageProps) {
  const { t } = useTranslation('lab');
  const [heat, setHeat] = useState(0);
  const [skipAll, setSkipAll] = useState(false);
  const [over, setOver] = useState(false);
  const skip = useRef<() => void>(() => undefined);
  const names = run.entries.map((e) => e.name);
  const View = VIEWS[run.game];
  const fast = reduced || skipAll;
  const onSkipReady = useCallback((fn: () => void) => {
    skip.current = fn;
  }, []);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  const onDone = useCallback(() => {
    if (heat < run.heats.length - 1) setTimeout(() => setHeat((h) => h + 1), fast ? 0 : 1200);
    else {
      setOver(true);
      finished.current();
    }
  }, [heat, run.heats.length, fast]);

  const skipNow = useCallback(() => {
    setSkipAll(true);
    skip.current();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (over || typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 's' || e.key === 'S') {
        e.preventDefault();
        skipNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [over, skipNow]);

  return (
    <div className="arena-stage" data-testid="arena-stage">
      <div className="arena-stage__bar">
        <p className="arena-stage__title">
          {over
            ? t('arena.stage.done')
            : run.heats.length > 1
              ? t('arena.heat', { n: heat + 1, total: run.heats.length })
              : t('arena.stage.live')}
        </p>
        {!over && (
          <button type="button" className="btn btn-secondary" onClick={skipNow} data-testid="arena-skip" aria-keyshortcuts="S">
            {t('arena.skip')}
          </button>
        )}
      </div>
      <Suspense fallback={<p className="muted">{t('loading')}</p>}>
        <View
          key={heat}
          seed={run.seed}
          names={names}
          heat={run.heats[heat]!}
          mode={run.mode ?? 'highest'}
          reduced={fast}
          sound={sound}
          record={record && heat === 0}
          onDone={onDone}
          onRecorded={onRecorded}
          onSkipReady={onSkipReady}
        />
      </Suspense>
    </div>
  );
}
