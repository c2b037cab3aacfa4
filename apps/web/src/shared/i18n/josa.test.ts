import { josa } from 'es-hangul';
import { describe, expect, it } from 'vitest';
import { JOSA_OPTIONS, pickJosa, withJosa } from './josa';

describe('pickJosa: the particle es-hangul would pick, without es-hangul in the start-up chunk', () => {
  const words = [
    '사과',
    '책',
    '서울',
    '연필',
    '물',
    '강',
    '값',
    '닭',
    '삶',
    '김하나',
    '이준',
    'SQL',
    'React',
    '2',
    '1',
    '모임',
    '스터디',
    '첫걸음',
    '가',
    '힣',
    'ㄱ',
  ];
  for (const option of JOSA_OPTIONS) {
    it(`agrees with es-hangul for ${option}`, () => {
      for (const w of words) expect(`${w}${pickJosa(w, option)}`).toBe(`${w}${josa.pick(w, option)}`);
    });
  }

  it('picks the expected forms', () => {
    expect(withJosa('서울', '으로/로')).toBe('서울로');
    expect(withJosa('책', '으로/로')).toBe('책으로');
    expect(withJosa('사과', '와/과')).toBe('사과와');
    expect(withJosa('책', '와/과')).toBe('책과');
    expect(withJosa('「SQL 첫걸음」', '은/는')).toBe('「SQL 첫걸음」은');
    expect(withJosa('moim', '이/가')).toBe('moim가');
  });
});
