/** The calendar the server renders with its public events (shared/api/server-render.ts). */
import { seoulDate, type CalendarEvent } from '@moim/contract';
import { readData, type ServerRenderedPage } from '../../shared/api/server-render';
import { calendarEventsPath, calendarKeys } from './api/calendar-api';
import { monthRange } from './lib/month';
import { calendarPageState } from './lib/page-state';

/** What the build renders the template with (never shown): one event of each type. */
function sampleEvents(month: string): CalendarEvent[] {
  const base = {
    studyId: '00000000-0000-4000-8000-000000000001',
    studyTitle: '클린 아키텍처 읽기',
    studySlug: '1-clean-architecture',
    description: null,
    address: null,
    link: null,
    participantLimit: null,
    currentParticipants: 0,
    rsvped: null,
  };
  return [
    {
      ...base,
      id: 'e1',
      title: '3장 함께 읽기',
      date: `${month}-03`,
      startTime: '20:00',
      endTime: '22:00',
      eventType: 'regular',
      location: 'online',
    },
    {
      ...base,
      id: 'e2',
      title: '오프라인 회고',
      date: `${month}-14`,
      startTime: '14:00',
      endTime: '17:00',
      eventType: 'special',
      location: 'offline',
      address: '서울 강남구',
    },
    {
      ...base,
      id: 'e3',
      title: '모집 마감',
      date: `${month}-20`,
      startTime: '00:00',
      endTime: '23:59',
      eventType: 'recruitment',
      location: 'online',
    },
  ];
}

/**
 * /calendar: the month of the address (`?month=`; this Seoul month by default, so the server
 * keeps a rendered calendar per Seoul day: web-render.ts), its view and event types, with the
 * events of every study as a guest reads them. The feed subscription is for signed-in readers
 * (drawn by the app).
 */
export const calendarPage: ServerRenderedPage = {
  pattern: '/calendar',
  sample: '/calendar?month=2026-11',
  sampleData: () => {
    const f = { ...monthRange('2026-11'), type: [] };
    return [[calendarKeys.range(f), sampleEvents('2026-11')]];
  },
  async load(_params, get, search) {
    const { month, types } = calendarPageState(search, seoulDate(new Date()).slice(0, 7));
    const f = { ...monthRange(month), type: types };
    const events = await readData(get, calendarEventsPath(f));
    return events ? [[calendarKeys.range(f), events.data]] : null;
  },
};
