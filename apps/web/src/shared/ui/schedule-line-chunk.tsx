/**
 * What the home page loads on demand (`import()`): the schedule line. The study pages import
 * schedule-line.tsx directly; the home page's chunk is this module instead, a component of its
 * own rather than a re-export (a chunk that an on-demand module re-exports stays a file), so the
 * build copies schedule-line.tsx into the study pages' chunks instead of making them fetch one
 * more file (vite.config.ts, experimentalInlineCommonChunks).
 */
import { ScheduleLine, type ScheduleLineProps } from './schedule-line';

export default function HomeScheduleLine(props: ScheduleLineProps) {
  return <ScheduleLine {...props} />;
}
