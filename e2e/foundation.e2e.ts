import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';

const b = useBrowser();

describe('foundation', () => {
  it('renders the home page', async () => {
    const errors: string[] = [];
    b.page.on('pageerror', (e) => errors.push(e.message));
    b.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await b.page.goto('/');
    await expect(b.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(await b.page.locator('html').getAttribute('lang')).toBe('ko');
    // The page runs under the server's Content-Security-Policy without violations.
    expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });

  it('lists the API routes at /api/docs', async () => {
    const res = await fetch(`${baseURL}/api/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/health/ready');
    await b.page.goto('/api/docs');
    await b.page.waitForSelector('.swagger-ui .opblock', { timeout: 20_000 });
    expect(await b.page.locator('.opblock-summary-path').allTextContents()).toContain('/api/health/ready');
  });

  it('shows the 404 page for an unknown page', async () => {
    await b.page.goto('/this/page/does-not-exist');
    await b.page.getByText('404').first().waitFor();
    expect(await b.page.getByRole('link', { name: /홈/ }).count()).toBeGreaterThan(0);
  });
});
