/**
 * What study-cover-lazy.tsx loads on demand (`import()`): the cover. The study pages import
 * study-cover.tsx directly; the lazy cover's chunk is this module instead, a component of its own
 * rather than a re-export (a chunk that an on-demand module re-exports stays a file), so the build
 * copies study-cover.tsx into the study pages' chunks instead of making them fetch one more file
 * (vite.config.ts, experimentalInlineCommonChunks).
 */
import type { ComponentProps } from 'react';
import { StudyCover } from './study-cover';

export function LazyLoadedStudyCover(props: ComponentProps<typeof StudyCover>) {
  return <StudyCover {...props} />;
}
