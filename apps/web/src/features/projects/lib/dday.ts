/** The recruitment D-day of a project card or page, from the contract's rule. */
import { projectDday } from '@moim/contract';
import type { TFunction } from '../../../shared/i18n';

export type DdayTone = 'urgent' | 'soon' | 'normal' | 'closed' | 'open';

/** "D-3" / "D-Day" / "마감" / "상시 모집" and how urgent it looks. */
export function ddayOf(t: TFunction<'projects'>, deadline: string | null, now: Date): { label: string; tone: DdayTone } {
  const d = projectDday(deadline, now);
  if (d === null) return { label: t('dday.open'), tone: 'open' };
  if (d < 0) return { label: t('dday.closed'), tone: 'closed' };
  if (d === 0) return { label: t('dday.today'), tone: 'urgent' };
  return { label: t('dday.left', { count: d }), tone: d <= 3 ? 'urgent' : d <= 7 ? 'soon' : 'normal' };
}
