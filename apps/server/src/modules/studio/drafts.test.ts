/**
 * Drafts through HTTP: the owner saves and reads the unsaved work on a document; another member
 * and a guest get exactly what an unknown document gives; the next saved version ends the draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST, submitText } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const draftUrl = (documentId: string) => `/api/studio/documents/${documentId}/draft`;

describe('studio drafts', () => {
  it('keeps the owner’s working text and decisions; strangers and guests get 404 / 401 like an unknown document', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const { analysis } = await submitText(t, me);
    await t.ctx.jobs.drain();

    const empty = await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toBeNull();

    const payload = {
      analysisId: analysis.id,
      text: null,
      decisions: { 'KO_SPACING_SU-0': { kind: 'accepted', replacement: '할 수' }, 'X-1': { kind: 'ignored' } },
      settings: { tone: 'BLUNT_CRITIC', purpose: 'ESSAY' },
    };
    const saved = await t.call({ method: 'PUT', url: draftUrl(analysis.documentId), headers: me.headers, payload });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers });
    expect(read.body.data).toMatchObject({ ...payload, documentId: analysis.documentId });
    expect(typeof read.body.data.updatedAt).toBe('string');

    // Replaced whole by the next save.
    const edited = { analysisId: analysis.id, text: `${KOREAN_POST}\n손으로 고친 문장.` };
    expect((await t.call({ method: 'PUT', url: draftUrl(analysis.documentId), headers: me.headers, payload: edited })).status).toBe(200);
    const after = (await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers })).body.data;
    expect(after).toMatchObject({ text: edited.text, decisions: {}, settings: {} });

    // Another member: the same answer as a document that does not exist.
    const unknown = await t.call({ method: 'GET', url: draftUrl('00000000-0000-4000-8000-000000000000'), headers: other.headers });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'BIZ-3001']);
    for (const [method, payloadOf] of [
      ['GET', undefined],
      ['PUT', payload],
      ['DELETE', undefined],
    ] as const) {
      const r = await t.call({
        method,
        url: draftUrl(analysis.documentId),
        headers: other.headers,
        ...(payloadOf ? { payload: payloadOf } : {}),
      });
      expect(r.status, method).toBe(404);
      expect(r.body.error).toEqual(unknown.body.error);
      const guest = await t.call({ method, url: draftUrl(analysis.documentId), ...(payloadOf ? { payload: payloadOf } : {}) });
      expect([guest.status, guest.body.error.code], `guest ${method}`).toEqual([401, 'AUTH-1007']);
    }
    // The stranger changed nothing.
    expect((await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers })).body.data.text).toBe(edited.text);

    // A version of another document cannot be the draft's base; bad input is a 400.
    const theirs = await submitText(t, other);
    const foreign = await t.call({
      method: 'PUT',
      url: draftUrl(analysis.documentId),
      headers: me.headers,
      payload: { analysisId: theirs.analysis.id },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'BIZ-3001']);
    for (const bad of [
      {},
      { analysisId: 'x' },
      { analysisId: analysis.id, text: 'a\u0000b' },
      { analysisId: analysis.id, decisions: { a: { kind: 'maybe' } } },
    ]) {
      const r = await t.call({ method: 'PUT', url: draftUrl(analysis.documentId), headers: me.headers, payload: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toMatch(/^VAL-200/);
    }

    expect((await t.call({ method: 'DELETE', url: draftUrl(analysis.documentId), headers: me.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers })).body.data).toBeNull();
  });

  it('is ended by the next saved version, and kept when the re-analysis found nothing changed', async () => {
    const me = await createUser(t);
    const { analysis } = await submitText(t, me);
    await t.ctx.jobs.drain();
    const put = (text: string | null) =>
      t.call({ method: 'PUT', url: draftUrl(analysis.documentId), headers: me.headers, payload: { analysisId: analysis.id, text } });
    const revise = (text: string) =>
      t.call({ method: 'POST', url: `/api/studio/documents/${analysis.documentId}/analyses`, headers: me.headers, payload: { text } });

    expect((await put(KOREAN_POST)).status).toBe(200);
    expect((await revise(KOREAN_POST)).status).toBe(200); // unchanged: no version, the draft stays
    expect((await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers })).body.data).not.toBeNull();

    const fixed = KOREAN_POST.replace('재사용할수', '재사용할 수');
    expect((await put(fixed)).status).toBe(200);
    expect((await revise(fixed)).status).toBe(201);
    expect((await t.call({ method: 'GET', url: draftUrl(analysis.documentId), headers: me.headers })).body.data).toBeNull();
  });
});
