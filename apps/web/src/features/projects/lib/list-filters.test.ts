import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, parseFilters, toQuery } from './list-filters';

describe('project list filters in the URL', () => {
  it('drops unknown values, keeps the order of the contract and round-trips', () => {
    const f = parseFilters(
      new URLSearchParams(
        'type=STARTUP&type=HOBBY&type=SIDE_PROJECT&status=DRAFT&status=COMPLETED&stack=React&stack=react&sort=bogus&page=-3&view=grid',
      ),
    );
    expect(f).toMatchObject({
      type: ['SIDE_PROJECT', 'STARTUP'],
      status: ['COMPLETED'],
      stack: ['React', 'react'],
      sort: 'createdAt,desc',
      page: 0,
    });
    const params = filtersToParams({ ...f, q: ' 사이드 ', page: 2 }, new URLSearchParams('view=grid'));
    expect(params.toString()).toBe(
      new URLSearchParams('view=grid&type=SIDE_PROJECT&type=STARTUP&status=COMPLETED&stack=React&stack=react&q=사이드&page=2').toString(),
    );
    expect(parseFilters(params)).toMatchObject({ q: '사이드', page: 2 });
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(toQuery({ ...EMPTY_FILTERS, position: '  ', q: '' }, 10)).toMatchObject({ position: undefined, q: undefined, size: 10 });
  });
});
