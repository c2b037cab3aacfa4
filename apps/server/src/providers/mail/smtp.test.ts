/**
 * The SMTP adapter against a real SMTP server started by the test (`smtp-server`), and the
 * service's queue path: what arrives is read back from the server.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'moim <no-reply@moim.test>' } });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

/** The text of every MIME part (base64 or quoted-printable decoded). */
function decoded(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        return Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}

describe('SMTP mail provider', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    expect(t.api.mail.transport).toBe('smtp');
    await t.api.mail.send({ to: 'someone@example.com', subject: '안녕하세요 moim', text: 'plain body', html: '<p>html body</p>' });
    const m = received.at(-1)!;
    expect(m.from).toBe('no-reply@moim.test');
    expect(m.to).toEqual(['someone@example.com']);
    expect(m.raw).toMatch(/^Subject: =\?UTF-8\?/m); // encoded Korean subject
    expect(m.raw).toContain('plain body');
    expect(m.raw).toContain('<p>html body</p>');
  });

  it('delivers a password-reset mail from the job queue', async () => {
    const email = 'reset.smtp@example.com';
    await t.call({ method: 'POST', url: '/api/users/register', payload: { email, password: 'smtp test passphrase', name: '메일 수신자' } });
    const before = received.length;
    const r = await t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
    expect(r.status).toBe(200);
    expect(received.length).toBe(before); // not sent inside the request
    await t.ctx.jobs.drain();
    expect(received.length).toBe(before + 1);
    const m = received.at(-1)!;
    expect(m.to).toEqual([email]);
    const text = decoded(m.raw);
    expect(text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(text).toContain('비밀번호 재설정');
  });

  it('sends an .ics invitation as a calendar part and an attachment', async () => {
    const ics = ['BEGIN:VCALENDAR', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'UID:abc@moim', 'SEQUENCE:2', 'END:VEVENT', 'END:VCALENDAR'].join(
      '\r\n',
    );
    await t.api.mail.send({
      to: 'member@example.com',
      subject: '일정 알림',
      text: 'see the invitation',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics }],
    });
    const m = received.at(-1)!;
    expect(m.raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);
    expect(m.raw).toMatch(/filename=invite\.ics/);
    expect(decoded(m.raw)).toContain('UID:abc@moim');
  });

  it('fails loudly when the server refuses (so the queue retries)', async () => {
    await expect(t.api.mail.send({ to: 'not an address', subject: 'x', text: 'x' })).rejects.toThrow();
  });
});
