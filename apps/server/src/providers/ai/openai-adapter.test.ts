/**
 * The OpenAI-compatible adapter against a local HTTP server that speaks Chat Completions: a good
 * reply is used, a malformed one, a reply outside the schema, an error status and a time-out all
 * fall back to the local analysis.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { StudioModelReply } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIWritingAnalyzer } from './openai-adapter.ts';
import type { AnalyzerInput } from './types.ts';

type Reply = (body: Record<string, any>, res: ServerResponse) => void;
let reply: Reply;
const requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, any>; url: string }> = [];
let server: Server;
let baseURL: string;

const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'moim-test-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      requests.push({ headers: req.headers, body, url: req.url ?? '' });
      reply(body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const input: AnalyzerInput = {
  text: '# 배포 회고\n\n처음으로 서비스를 배포했다. 혼자서도 할수 있다고 생각했지만 설정이 어려웠다. 다음에는 체크리스트를 먼저 만들겠다.',
  title: '',
  purpose: 'ESSAY',
  audience: '주니어 개발자',
  tone: 'WARM_MENTOR',
  locale: 'ko',
};

const goodReply: StudioModelReply = {
  summary: '솔직한 회고라서 읽기 좋아요.',
  ratings: [
    { category: 'TITLE', score: 4, comment: '제목이 분명해요.' },
    { category: 'OPENING', score: 5, comment: '첫 문장이 좋아요.' },
    { category: 'READABILITY', score: 4, comment: '문장이 짧아요.' },
    { category: 'STRUCTURE', score: 3, comment: '소제목을 더해 보세요.' },
    { category: 'CLARITY', score: 3, comment: '띄어쓰기를 고쳐요.' },
    { category: 'TONE', score: 5, comment: '독자에게 맞아요.' },
  ],
  strengths: ['솔직함'],
  growthPoints: ['구체적인 예시'],
  keywords: ['배포', '회고'],
  detectedCategory: 'ESSAY',
  suggestions: [
    {
      quote: '설정이 어려웠다',
      replacement: '환경 변수 설정이 어려웠다',
      message: '무엇이 어려웠는지 구체적으로 쓰세요.',
      category: 'CLARITY',
    },
    { quote: '이 문장은 본문에 없다', replacement: 'x', message: '없는 인용', category: 'STYLE' },
  ],
};

const analyzer = (timeoutMs = 2_000) =>
  new OpenAIWritingAnalyzer({ baseURL, apiKey: 'sk-moim-test', model: 'moim-test-model', timeoutMs, log: pino({ level: 'silent' }) });

describe('OpenAI-compatible adapter', () => {
  it('asks Chat Completions for the JSON schema and uses a valid reply, keeping the local findings', async () => {
    reply = (_b, res) => json(res, 200, completion(JSON.stringify(goodReply)));
    const r = await analyzer().analyze(input);
    const req = requests.at(-1)!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-moim-test');
    expect(req.body.model).toBe('moim-test-model');
    expect(req.body.response_format.type).toBe('json_schema');
    expect(req.body.response_format.json_schema.strict).toBe(true);
    expect(req.body.response_format.json_schema.schema.required).toContain('ratings');
    expect(req.body.messages[1].content).toContain('할수 있다고');

    expect(r.provider).toBe('openai');
    expect(r.fallbackReason).toBeNull();
    expect(r.overall.summary).toBe('솔직한 회고라서 읽기 좋아요.');
    expect(r.ratings.map((x) => x.score)).toEqual([4, 5, 4, 3, 3, 5]);
    // weighted mean of the model's ratings (docs/studio.md)
    expect(r.overall.score).toBe(3.9);
    const located = r.suggestions.find((s) => s.rule.id === 'AI_CLARITY')!;
    expect(input.text.slice(located.offset, located.offset + located.length)).toBe('설정이 어려웠다');
    expect(located.replacements).toEqual(['환경 변수 설정이 어려웠다']);
    expect(r.suggestions.some((s) => s.original === '이 문장은 본문에 없다')).toBe(false);
    expect(r.suggestions.some((s) => s.rule.id === 'KO_SPACING_SU')).toBe(true);
  });

  it('falls back to the local analysis on a malformed reply', async () => {
    reply = (_b, res) => json(res, 200, completion('{"summary": "잘림'));
    const r = await analyzer().analyze(input);
    expect(r.provider).toBe('local');
    expect(r.fallbackReason).toBe('INVALID_REPLY');
    expect(r.ratings).toHaveLength(6);
    expect(r.suggestions.some((s) => s.rule.id === 'KO_SPACING_SU')).toBe(true);
  });

  it('falls back on a reply outside the schema', async () => {
    reply = (_b, res) =>
      json(res, 200, completion(JSON.stringify({ ...goodReply, ratings: goodReply.ratings.map((x) => ({ ...x, score: 9 })) })));
    const r = await analyzer().analyze(input);
    expect(r.provider).toBe('local');
    expect(r.fallbackReason).toBe('INVALID_REPLY');
  });

  it('falls back on an error status', async () => {
    reply = (_b, res) => json(res, 500, { error: { message: 'upstream exploded', type: 'server_error' } });
    const r = await analyzer().analyze(input);
    expect(r.provider).toBe('local');
    expect(r.fallbackReason).toBe('PROVIDER_ERROR_500');
  });

  it('falls back when the model does not answer in time', async () => {
    // the simulated model's behaviour, not the test waiting: it answers well after the adapter's
    // time-out (or not at all, once the adapter has hung up)
    const ADAPTER_TIMEOUT_MS = 300;
    const SLOW_MODEL_ANSWERS_AFTER_MS = 3_000;
    reply = (_b, res) => {
      const t = setTimeout(() => json(res, 200, completion(JSON.stringify(goodReply))), SLOW_MODEL_ANSWERS_AFTER_MS);
      res.on('close', () => clearTimeout(t));
    };
    const started = Date.now();
    const r = await analyzer(ADAPTER_TIMEOUT_MS).analyze(input);
    expect(Date.now() - started).toBeLessThan(SLOW_MODEL_ANSWERS_AFTER_MS - 500); // gave up, did not wait for the answer
    expect(r.provider).toBe('local');
    expect(r.fallbackReason).toBe('TIMEOUT');
  });
});
