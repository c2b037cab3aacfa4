/** Helpers for journeys that need accounts: API login, a signed-in context, demo users. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { baseURL } from './browser.ts';

/**
 * The demo admin's TOTP secret (published in the README, seeded by the auth module's
 * second-factor seeder): every admin signs in with a second factor (docs/accounts.md).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'MOIMDEMOADMINSECRETTOTPKEY234567';
const TOTP_SECRETS: Record<string, string> = { 'admin@moim.dev': DEMO_ADMIN_TOTP_SECRET };

/**
 * A TOTP code the server has not accepted yet: a code is accepted once per 30 s step, and the
 * server takes the next step's code too, so journeys signing the same admin in several times
 * move one step ahead each time, and wait for the clock only when two steps ahead were used.
 * The steps used are kept in a file per server and secret, under a lock directory: journey files
 * run in parallel worker processes, and two of them signing the admin in at the same moment
 * would otherwise present the same code (the second refused as a replay).
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const file = join(tmpdir(), `moim-e2e-totp-${new URL(baseURL).port}-${createHash('sha1').update(secret).digest('hex').slice(0, 12)}`);
  for (;;) {
    const step = await withLock(`${file}.lock`, () => {
      const now = Math.floor(Date.now() / 30_000);
      const last = Number(existsSync(file) ? readFileSync(file, 'utf8') : -1);
      const next = Math.max(now, (Number.isFinite(last) ? last : -1) + 1);
      if (next > now + 1) return null;
      writeFileSync(file, String(next));
      return next;
    });
    if (step !== null) return generate({ secret, epoch: step * 30 });
    // both usable steps are spent: wait for the clock to reach the next one
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Runs `fn` holding a lock directory (mkdir is atomic across processes); a lock left for 10 s by a process that died is taken over. */
async function withLock<T>(lock: string, fn: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The second step of a UI login, when the account has a second factor the journeys know. */
export async function completeSecondFactorInUi(page: Page, email: string): Promise<void> {
  const secret = TOTP_SECRETS[email];
  if (!secret) return;
  await page.getByRole('heading', { name: '2단계 인증' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('인증 코드').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: '확인', exact: true }).click();
}

export const DEMO = {
  member: { email: 'member@moim.dev', password: 'moim-member-2026!' },
  admin: { email: 'admin@moim.dev', password: 'moim-admin-2026!' },
  /** Owner of the flagship study 1-tecoteco. */
  leader: { email: 'leader@moim.dev', password: 'moim-leader-2026!' },
} as const;

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: Record<string, unknown>;
}

export async function apiLogin(email: string, password: string): Promise<Session> {
  const r = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { success: boolean; data: Session; error?: { code: string; details?: { challengeToken?: string } } };
  const secret = TOTP_SECRETS[email];
  if (!body.success && body.error?.code === 'AUTH-1020' && secret) {
    return apiSecondFactor(body.error.details!.challengeToken!, await nextTotpCode(secret));
  }
  if (!body.success) throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The login's second step through the API. */
export async function apiSecondFactor(challengeToken: string, code: string): Promise<Session> {
  const r = await fetch(`${baseURL}/api/auth/second-factor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challengeToken, code }),
  });
  const body = (await r.json()) as { success: boolean; data: Session };
  if (!body.success) throw new Error(`second-factor login failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Puts a session in the context's localStorage before any page script runs. */
export async function signIn(context: BrowserContext, s: Session): Promise<void> {
  await context.addInitScript((session) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('authToken', session.accessToken);
    localStorage.setItem('refreshToken', session.refreshToken);
    localStorage.setItem('user', JSON.stringify(session.user));
  }, s);
}

/** Records every text that ever appeared in the page (transient states like '인증 확인 중...'). */
export async function recordTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __seen: Set<string> }).__seen = seen;
    new MutationObserver(() => {
      const t = document.body?.innerText;
      if (t) for (const line of t.split('\n')) seen.add(line.trim());
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
export async function seenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen]);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export async function apiJson<T>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: { success: boolean; data: T } }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const r = await fetch(`${baseURL}${path}`, { ...init, headers });
  return { status: r.status, body: (await r.json()) as { success: boolean; data: T } };
}
