/**
 * The studio with AI_PROVIDER=openai against a local server speaking Chat Completions: the
 * model's assessment is used; a malformed reply keeps the local analysis (and says so).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST, getAnalysis, submitText } from './test-helpers.ts';

let t: TestApp;
let server: Server;
let content = '';

const reply = {
  summary: '모델이 쓴 종합 평가입니다.',
  ratings: ['TITLE', 'OPENING', 'READABILITY', 'STRUCTURE', 'CLARITY', 'TONE'].map((category) => ({
    category,
    score: 4,
    comment: `${category} 코멘트`,
  })),
  strengths: ['짧은 문장'],
  growthPoints: ['예시 추가'],
  keywords: ['상태', '리액트'],
  detectedCategory: 'TUTORIAL',
  suggestions: [
    {
      quote: '데이터가 바뀌면 알아서 다시 가져옵니다.',
      replacement: '데이터가 바뀌면 자동으로 다시 가져옵니다.',
      message: '더 정확한 말',
      category: 'CLARITY',
    },
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      ),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: 'sk-local',
      AI_MODEL: 'moim-local',
      AI_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('studio with the OpenAI-compatible provider', () => {
  it('uses a valid model reply, and falls back to the local analysis on a malformed one', async () => {
    const me = await createUser(t);
    content = JSON.stringify(reply);
    const a = await submitText(t, me);
    await t.ctx.jobs.drain();
    const done = (await getAnalysis(t, me, a.analysis.id)).body.data;
    expect(done.result).toMatchObject({
      provider: 'openai',
      fallbackReason: null,
      overall: { summary: '모델이 쓴 종합 평가입니다.', score: 4 },
    });
    expect(done.result.suggestions.find((s: { rule: { id: string } }) => s.rule.id === 'AI_CLARITY')).toMatchObject({
      original: '데이터가 바뀌면 알아서 다시 가져옵니다.',
      offset: KOREAN_POST.indexOf('데이터가 바뀌면'),
    });

    content = 'this is not json';
    const b = await submitText(t, me);
    await t.ctx.jobs.drain();
    const fallback = (await getAnalysis(t, me, b.analysis.id)).body.data;
    expect(fallback.status).toBe('COMPLETED');
    expect(fallback.result).toMatchObject({ provider: 'local', fallbackReason: 'INVALID_REPLY' });
    expect(fallback.result.suggestions.some((s: { rule: { id: string } }) => s.rule.id === 'KO_SPACING_SU')).toBe(true);
  });
});
