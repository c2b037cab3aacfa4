/**
 * The show's clock: milliseconds since the start, advanced on animation frames, ending at
 * `duration` (then `onEnd` once). Reduced motion, or `skip()`, jumps straight to the end.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useShowClock(duration: number, reduced: boolean, onEnd: () => void) {
  const [elapsed, setElapsed] = useState(reduced ? duration : 0);
  const ended = useRef(false);
  const end = useRef(onEnd);
  const skipped = useRef(reduced);
  useEffect(() => {
    end.current = onEnd;
  });
  useEffect(() => {
    const finish = () => {
      if (ended.current) return;
      ended.current = true;
      end.current();
    };
    if (skipped.current) {
      setElapsed(duration);
      finish();
      return;
    }
    let raf = 0;
    const start = performance.now();
    const frame = (now: number) => {
      if (skipped.current) return;
      const t = Math.max(0, Math.min(duration, now - start)); // a frame stamp may precede `start`
      setElapsed(t);
      if (t >= duration) finish();
      else raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [duration]);
  const skip = useCallback(() => {
    skipped.current = true;
    setElapsed(duration);
    if (!ended.current) {
      ended.current = true;
      end.current();
    }
  }, [duration]);
  return { elapsed, done: elapsed >= duration, skip };
}

/** True when the system asks for reduced motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
