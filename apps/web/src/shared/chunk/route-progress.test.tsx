import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { lazyPage } from './lazy-page';
import { RouteProgress } from './route-progress';

beforeAll(() => initTestI18n());

describe('RouteProgress', () => {
  it('shows the bar and says "불러오는 중..." while a page chunk loads, and nothing after', async () => {
    let finish!: (m: { default: () => null }) => void;
    const Page = lazyPage(() => new Promise<{ default: () => null }>((r) => (finish = r)));
    render(<RouteProgress />);
    expect(screen.queryByTestId('route-progress')).toBeNull();
    expect(screen.getByTestId('route-progress-status').textContent).toBe('');

    let loaded!: Promise<unknown>;
    await act(async () => {
      loaded = Page.preload();
    });
    expect(screen.getByTestId('route-progress')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('불러오는 중...');

    await act(async () => {
      finish({ default: () => null });
      await loaded;
    });
    expect(screen.queryByTestId('route-progress')).toBeNull();
    expect(screen.getByTestId('route-progress-status').textContent).toBe('');
  });
});
