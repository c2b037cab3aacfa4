/**
 * StudyCover loaded on demand, for routes whose JS budget is tight (the home page, GUIDE §7):
 * until its code arrives a box of the same shape stands in (its styles are in the start-up
 * stylesheet, base.css, so the space is reserved and nothing shifts).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const StudyCover = lazy(() => import('./study-cover-chunk').then((m) => ({ default: m.LazyLoadedStudyCover })));

export function LazyStudyCover(props: ComponentProps<typeof StudyCover>) {
  return (
    <Suspense fallback={<div className={`study-cover study-cover--${props.shape} ${props.className ?? ''}`} aria-hidden="true" />}>
      <StudyCover {...props} />
    </Suspense>
  );
}
