/**
 * A notification is its reader's own (docs/api-wire.md "Status per kind of refusal"): to another
 * signed-in user it does not exist — 404 BIZ-3001 with the same message as an unknown id — and
 * it stays unread; the refusal is in the reader's language.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { renderErrorText } from '../../i18n/error-texts.ts';
import { applyOk, approvedStudy, createUser, type TestUser } from '../studies/test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let other: TestUser;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { admin: true });
  leader = await createUser(t);
  other = await createUser(t);
  const s = await approvedStudy(t, leader, admin);
  await applyOk(t, await createUser(t), s.id); // the leader hears of the application
  const inbox = await t.call({ method: 'GET', url: '/api/notifications', headers: leader.headers });
  id = inbox.body.data.content[0].id;
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('another person’s notification (%s)', (locale) => {
  it('answers 404 exactly as an unknown one and stays unread', async () => {
    const headers = { ...other.headers, 'accept-language': locale };
    const theirs = await t.call({ method: 'POST', url: `/api/notifications/${id}/read`, headers });
    const none = await t.call({ method: 'POST', url: `/api/notifications/${randomUUID()}/read`, headers });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toEqual(none.body.error);
    expect(theirs.body.error.code).toBe('BIZ-3001');
    expectErrorInReaderLanguage(theirs.body, locale);
    // says what was not found, in the reader's language (not only the code's general sentence)
    expect(theirs.body.error.message).toBe(renderErrorText('notifications.notFound', locale));
    const inbox = await t.call({ method: 'GET', url: '/api/notifications', headers: leader.headers });
    expect(inbox.body.data.content.find((n: { id: string }) => n.id === id)).toMatchObject({ readAt: null });
  });
});
