/** The study pages' schedule lines: the shared helpers (shared/lib/schedule.ts), also used by the home page. */
export { durationText, scheduleText, type LocalText } from '../../../shared/lib/schedule';
export { formatTimeRange } from '../../../shared/lib/format';
