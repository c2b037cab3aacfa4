/** The calendar feature's public surface. */
export { EventCalendar, type EventCalendarProps } from './components/event-calendar';
export { useCalendarEvents, calendarKeys, type CalendarFilter } from './api/calendar-api';
export { monthRange, isMonth, shiftMonth } from './lib/month';
