/** Shared pieces of the studio tests: a local article server, module access, shortcuts. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import type { AddressPolicy } from '../../providers/fetch/index.ts';
import type { TestUser } from '../studies/test-helpers.ts';
import type { StudioApi } from './index.ts';

export const KOREAN_POST = `# 리액트 상태 관리 정리

상태를 잘 나누면 컴포넌트를 재사용할수 있습니다. 그래서 저는 서버 상태와 화면 상태를 나눠서 관리합니다.

## 서버 상태

TanStack Query를 쓰면 캐시와 재시도를 직접 만들 필요가 없습니다. 데이터가 바뀌면 알아서 다시 가져옵니다.
`;

/** Only 127.0.0.1 (the test's own servers), any port: what these tests need and nothing more. */
export const localServerPolicy: AddressPolicy = { allowAddress: (a) => a === '127.0.0.1', allowPort: () => true };

export const studioApi = (t: TestApp) => t.app.modules.find((m) => m.name === 'studio')!.api as StudioApi;

export function submit(t: TestApp, who: TestUser | undefined, payload: object) {
  return t.call({ method: 'POST', url: '/api/studio/analyses', headers: who?.headers, payload });
}

export async function submitText(t: TestApp, who: TestUser, text = KOREAN_POST, extra: object = {}) {
  const r = await submit(t, who, { source: 'TEXT', text, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { analysis: { id: string; documentId: string; status: string }; quota: { remaining: number } };
}

export function getAnalysis(t: TestApp, who: TestUser | undefined, id: string) {
  return t.call({ method: 'GET', url: `/api/studio/analyses/${id}`, headers: who?.headers });
}

/** A tiny web server that serves whatever the test puts in `pages`, and remembers what was asked. */
export async function articleServer() {
  const pages: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {};
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const h = pages[req.url ?? ''];
    if (h) h(req, res);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>not found</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pages,
    seen,
    html(path: string, body: string, type = 'text/html; charset=utf-8') {
      pages[path] = (_q, s) => s.writeHead(200, { 'content-type': type }).end(body);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const articleHtml = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">홈</a></nav><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article><footer>© 2026 예시 블로그</footer></body></html>`;
