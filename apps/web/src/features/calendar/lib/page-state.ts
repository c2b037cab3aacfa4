/** What /calendar shows for its address: the month (this Seoul month by default), the view and the event types. */
import { EVENT_TYPES, type EventType } from '@moim/contract';
import { isMonth } from './month';

export interface CalendarPageState {
  month: string;
  view: 'month' | 'list';
  types: EventType[];
}

/** The page's state from the address's query; `thisMonth` (YYYY-MM in Seoul) when it names no month. */
export function calendarPageState(params: URLSearchParams, thisMonth: string): CalendarPageState {
  const month = params.get('month');
  return {
    month: isMonth(month) ? month : thisMonth,
    view: params.get('view') === 'list' ? 'list' : 'month',
    types: params.getAll('type').filter((v): v is EventType => (EVENT_TYPES as readonly string[]).includes(v)),
  };
}
