/** The calendar view of /study/calendar: sessions and events of the studies matching the list filters. */
import { seoulDate } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EventCalendar, isMonth, monthRange, useCalendarEvents } from '../../calendar';
import { studyArrayQuery } from '../api/studies-api';
import { hasActiveFilters, type StudyListFilters } from '../lib/list-filters';

export default function StudiesCalendarView({ filters }: { filters: StudyListFilters }) {
  const [params, setParams] = useSearchParams();
  const [thisMonth] = useState(() => seoulDate(new Date()).slice(0, 7));
  const month = isMonth(params.get('month')) ? params.get('month')! : thisMonth;
  const filtered = hasActiveFilters(filters);
  const studies = useQuery(studyArrayQuery(filters, filtered));
  const events = useCalendarEvents(monthRange(month));
  const visible = useMemo(() => {
    if (!filtered) return events.data;
    if (!studies.data || !events.data) return undefined;
    const ids = new Set(studies.data.map((s) => s.id));
    return events.data.filter((e) => ids.has(e.studyId));
  }, [filtered, studies.data, events.data]);

  return (
    <EventCalendar
      month={month}
      onMonthChange={(m) => {
        const next = new URLSearchParams(params);
        next.set('month', m);
        setParams(next, { replace: true });
      }}
      view="month"
      events={visible}
      isPending={events.isPending || (filtered && studies.isPending)}
      error={events.error ?? studies.error}
      onRetry={() => {
        void events.refetch();
        if (filtered) void studies.refetch();
      }}
    />
  );
}
