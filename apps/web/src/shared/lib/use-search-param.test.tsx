import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSearchParam } from './use-search-param';

/**
 * A box over a "URL" that lags: a commit is recorded, and the URL changes only when the test
 * delivers it (as React Router renders a navigation later, as a transition).
 */
let commits: string[] = [];
let navigate: (value: string) => void = () => undefined;

function Box({ debounceMs }: { debounceMs?: number | null }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    navigate = setUrl;
  }, []);
  const search = useSearchParam(url, (v) => commits.push(v), debounceMs === undefined ? {} : { debounceMs });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        search.submit();
      }}
    >
      <input aria-label="search" {...search.inputProps} />
      <output data-testid="url">{url}</output>
    </form>
  );
}

const box = () => screen.getByLabelText('search') as HTMLInputElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const deliver = (value: string) => act(() => navigate(value));

beforeEach(() => {
  vi.useFakeTimers();
  commits = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSearchParam', () => {
  it('never writes the echo of its own commit into the box, however late it comes', () => {
    render(<Box />);
    type('k');
    type('ko');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commits).toEqual(['ko']);
    // typed on while the URL has not caught up yet
    type('kot');
    type('kotl');
    deliver('ko');
    expect(box().value).toBe('kotl');
    type('kotli');
    type('kotlin');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commits).toEqual(['ko', 'kotlin']);
    deliver('kotlin');
    expect(box().value).toBe('kotlin');
  });

  it('keeps the space just typed when the trimmed text comes back', () => {
    render(<Box />);
    type('프론트 ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commits).toEqual(['프론트']);
    deliver('프론트');
    expect(box().value).toBe('프론트 ');
    type('프론트 개발');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commits).toEqual(['프론트', '프론트 개발']);
  });

  it('adopts a URL it did not write (back, a link, a reset) and drops the commit that was waiting', () => {
    render(<Box />);
    type('java');
    wait(SEARCH_DEBOUNCE_MS);
    deliver('java');
    type('javas'); // waiting to be committed
    deliver('go'); // back/forward to an earlier search
    expect(box().value).toBe('go');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(commits).toEqual(['java']);
    deliver('');
    expect(box().value).toBe('');
  });

  it('commits nothing and rewrites nothing while an IME composes; compositionend commits', () => {
    render(<Box />);
    fireEvent.compositionStart(box());
    type('ㅍ');
    wait(SEARCH_DEBOUNCE_MS * 3);
    type('프');
    type('플');
    wait(SEARCH_DEBOUNCE_MS * 3);
    expect(commits).toEqual([]);
    // a navigation meanwhile does not take the box from under the composition
    deliver('java');
    expect(box().value).toBe('플');
    type('프론');
    fireEvent.compositionEnd(box(), { data: '론' });
    expect(commits).toEqual([]);
    wait(SEARCH_DEBOUNCE_MS);
    expect(commits).toEqual(['프론']);
    deliver('프론');
    expect(box().value).toBe('프론');
  });

  it('without a debounce commits only on submit, and submit commits even an unchanged text', () => {
    render(<Box debounceMs={null} />);
    type('react ');
    wait(SEARCH_DEBOUNCE_MS * 3);
    expect(commits).toEqual([]);
    fireEvent.submit(box());
    expect(commits).toEqual(['react']);
    type('react n');
    deliver('react');
    expect(box().value).toBe('react n');
    fireEvent.submit(box());
    fireEvent.submit(box());
    expect(commits).toEqual(['react', 'react n', 'react n']);
  });
});
