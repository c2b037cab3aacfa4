// One way to write a time range and a schedule on every page (issue 13 item 9): the home hero and
// the study cards use the same helpers as the study pages, through Intl in the active locale.
import { describeSchedule, type Weekday } from '@moim/contract';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/translator';
import { initTestI18n } from '../test/i18n';
import { markUserValue } from '../ui/user-value';
import { formatTimeRange } from './format';
import { formatCount } from './format-count';
import { scheduleText } from './schedule';

beforeAll(() => initTestI18n());

/** Intl puts thin and narrow no-break spaces around the dash and before AM/PM; a word joiner follows the dash. */
const plain = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/\u2060/g, '');

const once = {
  recurrenceType: 'ONE_TIME' as const,
  scheduleDetails: { weekdays: [] as Weekday[], startTime: '14:00', endTime: '17:00', timezone: 'Asia/Seoul' },
  startDate: '2026-12-06',
};

describe('formatTimeRange', () => {
  it('writes a range through Intl in the locale', () => {
    expect(plain(formatTimeRange('14:00', '17:00', 'ko'))).toBe('14:00 ~ 17:00');
    expect(plain(formatTimeRange('14:00:00', '17:00:00', 'en'))).toBe('2:00 – 5:00 PM');
  });

  it('leaves no place to break the line inside the range', () => {
    for (const [start, end, locale] of [
      ['19:30', '21:30', 'en'],
      ['19:30', '21:30', 'ko'],
      ['21:00', '09:00', 'en'],
    ] as const) {
      const range = formatTimeRange(start, end, locale);
      // No breakable space, and the dash / tilde is held to what follows it by a word joiner.
      expect(range).not.toMatch(/[ \u2009\t\n]/);
      expect(range).toMatch(/[–~-]\u2060/);
    }
    expect(plain(formatTimeRange('19:30', '21:30', 'en'))).toBe('7:30 – 9:30 PM');
  });
});

describe('the Korean texts written without Intl', () => {
  const intlRange = (start: string, end: string) => {
    const at = (hhmm: string) => {
      const [h = 0, m = 0] = hhmm.split(':').map(Number);
      return new Date(Date.UTC(2026, 0, 5, h, m));
    };
    const f = new Intl.DateTimeFormat('ko-KR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hourCycle: 'h23' });
    const [a, b] = [at(start), at(end)];
    return b > a ? f.formatRange(a, b) : `${f.format(a)}–${f.format(b)}`;
  };

  it('writes a time range as Intl does in ko-KR', () => {
    const times = ['00:00', '07:05', '9:30', '12:00', '14:00:00', '19:30', '21:45', '23:59', '24:00'];
    for (const start of times) for (const end of times) expect(plain(formatTimeRange(start, end, 'ko'))).toBe(plain(intlRange(start, end)));
  });

  it('writes weekdays and dates as Intl does in ko-KR', () => {
    const days: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
    const details = { startTime: '10:00', endTime: '12:00', timezone: 'Asia/Seoul' };
    const weekly = scheduleText(
      { schedule: '', recurrenceType: 'WEEKLY', scheduleDetails: { ...details, weekdays: days }, startDate: '2026-12-07' },
      i18n.t,
      'ko',
    );
    const names = days.map((_, i) =>
      new Intl.DateTimeFormat('ko-KR', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 5 + i, 12))),
    );
    expect(weekly.text).toContain(names.join('·'));
    for (const startDate of ['2026-01-01', '2026-12-06', '2027-10-31']) {
      const date = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${startDate}T12:00:00Z`),
      );
      expect(
        scheduleText({ schedule: '', recurrenceType: 'ONE_TIME', scheduleDetails: { ...details, weekdays: [] }, startDate }, i18n.t, 'ko')
          .text,
      ).toContain(date);
    }
  });

  it('writes counts as toLocaleString does in ko-KR and en-US', () => {
    for (const n of [0, 7, -7, 999, 1000, -1000, 12345, 999999, 1234567, -98765432, Number.MAX_SAFE_INTEGER, 1.5]) {
      for (const locale of ['ko-KR', 'en-US', 'ko', 'en']) expect(formatCount(n, locale)).toBe(n.toLocaleString(locale));
    }
  });
});

describe('scheduleText', () => {
  it('writes the generated line again in the reader’s language', async () => {
    const generated = describeSchedule(once.recurrenceType, once.scheduleDetails, once.startDate);
    const study = { ...once, schedule: generated };
    await i18n.changeLanguage('en');
    const en = scheduleText(study, i18n.t, 'en');
    expect({ ...en, text: plain(en.text) }).toEqual({ text: 'December 6, 2:00 – 5:00 PM', userWritten: false });
    await i18n.changeLanguage('ko');
    const ko = scheduleText(study, i18n.t, 'ko');
    expect({ ...ko, text: plain(ko.text) }).toEqual({ text: '12월 6일 14:00 ~ 17:00', userWritten: false });
  });

  it('keeps a leader’s own line as user content', () => {
    expect(scheduleText({ ...once, schedule: '토요일 오후, 카페에서' }, i18n.t, 'en')).toEqual({
      text: '토요일 오후, 카페에서',
      userWritten: true,
    });
  });
});

describe('markUserValue', () => {
  it('marks the value inside the catalogue sentence, particles still chosen from it', () => {
    const { container } = render(<p>{markUserValue('「SQL 첫걸음」은 어땠나요?', 'SQL 첫걸음')}</p>);
    expect(container.querySelector('[data-user-content]')?.textContent).toBe('SQL 첫걸음');
    expect(container.textContent).toBe('「SQL 첫걸음」은 어땠나요?');
  });
});
