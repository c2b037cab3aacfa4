import { describe, expect, it } from 'vitest';
import { josa } from './josa.ts';

describe('josa (server-made Korean texts)', () => {
  it('chooses the particle from the last syllable, skipping closing brackets', () => {
    expect(josa('「SQL 첫걸음」', '이/가')).toBe('「SQL 첫걸음」이');
    expect(josa('「모던 자바」', '이/가')).toBe('「모던 자바」가');
    expect(josa('「SQL 첫걸음」', '을/를')).toBe('「SQL 첫걸음」을');
    expect(josa('APPROVE', '을/를')).toBe('APPROVE를');
    expect(josa('반영 완료', '으로/로')).toBe('반영 완료로');
    expect(josa('검토 중', '으로/로')).toBe('검토 중으로');
  });
});
