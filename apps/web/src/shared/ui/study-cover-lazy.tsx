/**
 * StudyCover loaded on demand, for routes whose JS budget is tight (the home page, GUIDE §7):
 * until its code arrives a box of the same shape stands in (the styles load with the route, so
 * the space is reserved and nothing shifts).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import './study-cover.css';

const StudyCover = lazy(() => import('./study-cover').then((m) => ({ default: m.StudyCover })));

export function LazyStudyCover(props: ComponentProps<typeof StudyCover>) {
  return (
    <Suspense fallback={<div className={`study-cover study-cover--${props.shape} ${props.className ?? ''}`} aria-hidden="true" />}>
      <StudyCover {...props} />
    </Suspense>
  );
}
