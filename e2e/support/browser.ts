/**
 * One Chromium per test file (playwright-core driving Debian's /usr/bin/chromium), a fresh
 * context per test, and a screenshot in e2e/artifacts/ when a test fails.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export const baseURL = inject('baseURL');
/** the same server at http://localhost:PORT (baseURL is http://127.0.0.1:PORT) */
export const altBaseURL = inject('altBaseURL');
const artifacts = new URL('../artifacts/', import.meta.url).pathname;

export interface E2E {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export function launchArgs() {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ];
}

export function useBrowser(opts: { viewport?: { width: number; height: number }; locale?: string } = {}): E2E {
  const state = {} as E2E;
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: launchArgs(),
    });
  });
  beforeEach(async () => {
    state.context = await state.browser.newContext({
      baseURL,
      viewport: opts.viewport ?? { width: 1280, height: 800 },
      locale: opts.locale ?? 'ko-KR',
    });
    state.page = await state.context.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && state.page) {
      mkdirSync(artifacts, { recursive: true });
      const name = `${ctx.task.file?.name ?? 'test'}-${ctx.task.name}`.replace(/[^a-z0-9-]+/gi, '_').slice(0, 120);
      await state.page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await state.context?.close();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return state;
}
