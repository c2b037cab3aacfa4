import type { JobFacets } from '@moim/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/test/render';
import { EMPTY_FILTERS } from '../lib/filters';
import { FilterPanel } from './filter-panel';

const facets = (exact: boolean): JobFacets => ({
  total: 41_000,
  exact,
  companies: [],
  skills: [{ value: 'kotlin', label: 'Kotlin', count: 1_200 }],
  experience: [{ value: 'JUNIOR', label: '주니어', count: 9_700 }],
  employmentType: [],
  workMode: [],
  region: [],
});

describe('the filter panel’s counts', () => {
  it('says a sampled count is about that many, and an exact one as it is', async () => {
    const view = await renderPage(
      <FilterPanel filters={EMPTY_FILTERS} facets={facets(false)} skillNames={new Map()} onChange={() => {}} />,
    );
    expect(screen.getByLabelText('약 9700건').textContent).toBe('~9,700');
    expect(screen.getByLabelText('약 1200건').textContent).toBe('~1,200');
    // a value the sample did not see: 0, not "about 0"
    expect(screen.getAllByLabelText('0건').length).toBeGreaterThan(0);
    view.unmount();

    await renderPage(<FilterPanel filters={EMPTY_FILTERS} facets={facets(true)} skillNames={new Map()} onChange={() => {}} />);
    expect(screen.getByLabelText('9700건').textContent).toBe('9,700');
  });
});
