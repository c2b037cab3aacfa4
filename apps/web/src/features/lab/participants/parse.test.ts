import { describe, expect, it } from 'vitest';
import { numberDuplicates, numberRange, parseDelimited, parseParticipants } from './parse';

describe('participants from text', () => {
  it('takes one name per line, drops blanks and numbers repeats', () => {
    const r = parseParticipants('김하늘\n\n  박지훈  \n김하늘\r\n최서연\n김하늘\n');
    expect(r.people.map((p) => p.name)).toEqual(['김하늘', '박지훈', '김하늘 (2)', '최서연', '김하늘 (3)']);
    expect(r.columns).toEqual([]);
  });

  it('splits a single line of comma-separated names', () => {
    expect(parseParticipants('가람, 나래,다온').people.map((p) => p.name)).toEqual(['가람', '나래', '다온']);
  });

  it('reads a CSV with a header: the name column and the others as tags', () => {
    const csv = '역할,이름,수준\nFE,"김, 하늘",중급\nBE,박지훈,"고급"\n,최서연,\n';
    const r = parseParticipants(csv);
    expect(r.columns).toEqual(['역할', '수준']);
    expect(r.people).toEqual([
      { name: '김, 하늘', tags: { 역할: 'FE', 수준: '중급' } },
      { name: '박지훈', tags: { 역할: 'BE', 수준: '고급' } },
      { name: '최서연', tags: {} },
    ]);
  });

  it('reads a TSV without a known header: first column names, other columns as 열N', () => {
    const r = parseParticipants('가람\tA\n나래\tB');
    expect(r.people).toEqual([
      { name: '가람', tags: { 열2: 'A' } },
      { name: '나래', tags: { 열2: 'B' } },
    ]);
  });

  it('keeps to the limit and says how many were left out', () => {
    const r = parseParticipants(Array.from({ length: 105 }, (_, i) => `n${i}`).join('\n'), 100);
    expect(r.people).toHaveLength(100);
    expect(r.dropped).toBe(5);
  });

  it('cuts names to 40 characters, numbered ones included, and removes control characters', () => {
    const long = 'ㄱ'.repeat(50);
    const [a, b] = numberDuplicates(['ㄱ'.repeat(40), 'ㄱ'.repeat(40)]);
    expect(a).toHaveLength(40);
    expect(b!.length).toBeLessThanOrEqual(40);
    expect(b!.endsWith(' (2)')).toBe(true);
    expect(parseParticipants(`${long}\n이\u0007름`).people.map((p) => p.name)).toEqual(['ㄱ'.repeat(40), '이 름']);
  });

  it('parses quoted cells with newlines and doubled quotes', () => {
    expect(parseDelimited('a,"b ""c""\nd"\ne,f', ',')).toEqual([
      ['a', 'b "c"\nd'],
      ['e', 'f'],
    ]);
  });

  it('turns a number range into names', () => {
    expect(numberRange(3, 1, 100)).toEqual(['1', '2', '3']);
    expect(numberRange(1, 500, 100)).toHaveLength(100);
  });
});
