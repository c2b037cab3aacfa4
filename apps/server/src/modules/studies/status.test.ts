import { STUDY_ACTIONS, STUDY_STATUSES, type StudyAction, type StudyStatus } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, createUser, propose, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

/** A fresh study in the given status, reached through the API. */
async function studyIn(status: StudyStatus): Promise<string> {
  const s = await propose(t, leader);
  const steps: Record<StudyStatus, [StudyAction, string?][]> = {
    PENDING: [],
    APPROVED: [['APPROVE']],
    IN_PROGRESS: [['APPROVE'], ['START']],
    COMPLETED: [['APPROVE'], ['START'], ['COMPLETE']],
    REJECTED: [['REJECT', '주제가 모호합니다']],
    TERMINATED: [['APPROVE'], ['TERMINATE', '운영 중단']],
  };
  for (const [action, reason] of steps[status]) {
    const r = await setStatus(t, admin, s.id, action, reason);
    expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  return s.id;
}

const ALLOWED: Record<StudyAction, Partial<Record<StudyStatus, StudyStatus>>> = {
  APPROVE: { PENDING: 'APPROVED' },
  REJECT: { PENDING: 'REJECTED' },
  START: { APPROVED: 'IN_PROGRESS' },
  COMPLETE: { IN_PROGRESS: 'COMPLETED' },
  TERMINATE: { PENDING: 'TERMINATED', APPROVED: 'TERMINATED', IN_PROGRESS: 'TERMINATED', REJECTED: 'TERMINATED' },
  REACTIVATE: { TERMINATED: 'APPROVED' },
};
const LEADER_ACTIONS: StudyAction[] = ['START', 'COMPLETE'];

describe('status moves: every allowed and every refused one', () => {
  for (const action of STUDY_ACTIONS) {
    for (const from of STUDY_STATUSES) {
      const to = ALLOWED[action][from];
      const actor = LEADER_ACTIONS.includes(action) ? 'leader' : 'admin';
      it(`${action} from ${from} by the ${actor} → ${to ?? 'BIZ-3002'}`, async () => {
        const id = await studyIn(from);
        const r = await setStatus(
          t,
          actor === 'leader' ? leader : admin,
          id,
          action,
          action === 'REJECT' || action === 'TERMINATE' ? '사유' : undefined,
        );
        if (to) {
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          expect(r.body.data.status).toBe(to);
        } else {
          expect(r.status).toBe(409);
          expect(r.body.error.code).toBe('BIZ-3002');
        }
      });
    }
  }
});

describe('status permissions', () => {
  it('a non-admin (even the leader) cannot approve, reject, terminate or reactivate', async () => {
    const id = await studyIn('PENDING');
    for (const action of ['APPROVE', 'REJECT', 'TERMINATE'] as const) {
      const r = await setStatus(t, leader, id, action, '사유');
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH-1005');
    }
    const term = await studyIn('TERMINATED');
    const r = await setStatus(t, leader, term, 'REACTIVATE');
    expect(r.body.error.code).toBe('AUTH-1005');
  });

  it('a stranger cannot start or complete someone else’s study', async () => {
    const id = await studyIn('APPROVED');
    const r = await setStatus(t, stranger, id, 'START');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1004');
  });

  it('an admin may start and complete as well', async () => {
    const id = await studyIn('APPROVED');
    expect((await setStatus(t, admin, id, 'START')).body.data.status).toBe('IN_PROGRESS');
    expect((await setStatus(t, admin, id, 'COMPLETE')).body.data.status).toBe('COMPLETED');
  });

  it('a stranger gets BIZ-3001 for a PENDING study, so it does not leak', async () => {
    const id = await studyIn('PENDING');
    const r = await setStatus(t, stranger, id, 'START');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
  });

  it('guests must sign in', async () => {
    const id = await studyIn('PENDING');
    const r = await t.call({ method: 'POST', url: `/api/studies/${id}/status`, payload: { action: 'APPROVE' } });
    expect([r.status, r.body.error.code]).toEqual([401, 'AUTH-1007']);
  });

  it('a rejection needs a reason; unknown actions are a validation error', async () => {
    const id = await studyIn('PENDING');
    const r = await setStatus(t, admin, id, 'REJECT');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2003');
    const bad = await setStatus(t, admin, id, 'EXPLODE');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2001']);
  });
});

describe('reactivation and history', () => {
  it('reactivation returns a terminated study to the status it had', async () => {
    const id = await studyIn('IN_PROGRESS');
    await setStatus(t, admin, id, 'TERMINATE', '리더 사정');
    const r = await setStatus(t, admin, id, 'REACTIVATE');
    expect(r.body.data.status).toBe('IN_PROGRESS');
    const p = await studyIn('PENDING');
    await setStatus(t, admin, p, 'TERMINATE', '중복 제안');
    expect((await setStatus(t, admin, p, 'REACTIVATE')).body.data.status).toBe('PENDING');
  });

  it('records every move (who, when, from, to, reason) for the leader and admins only', async () => {
    const id = await studyIn('REJECTED');
    const r = await t.call({ method: 'GET', url: `/api/studies/${id}/transitions`, headers: leader.headers });
    expect(r.status).toBe(200);
    expect(
      r.body.data.map((x: { action: string; fromStatus: string | null; toStatus: string }) => [x.action, x.fromStatus, x.toStatus]),
    ).toEqual([
      ['PROPOSE', null, 'PENDING'],
      ['REJECT', 'PENDING', 'REJECTED'],
    ]);
    const reject = r.body.data[1];
    expect(reject.reason).toBe('주제가 모호합니다');
    expect(reject.actor).toMatchObject({ id: admin.id, name: '관리자' });
    expect(Date.parse(reject.createdAt)).not.toBeNaN();
    expect((await t.call({ method: 'GET', url: `/api/studies/${id}/transitions`, headers: admin.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/admin/studies/${id}/transitions`, headers: admin.headers })).body.data).toHaveLength(
      2,
    );
    const s = await t.call({ method: 'GET', url: `/api/studies/${id}/transitions`, headers: stranger.headers });
    expect([s.status, s.body.error.code]).toEqual([404, 'BIZ-3001']); // REJECTED is private: not even its existence
    const approved = await studyIn('APPROVED');
    expect((await t.call({ method: 'GET', url: `/api/studies/${approved}/transitions`, headers: stranger.headers })).status).toBe(403);
    // the leader sees the reject reason on the study, others do not
    expect((await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: leader.headers })).body.data.rejectReason).toBe(
      '주제가 모호합니다',
    );
  });
});

describe('soft delete', () => {
  it('only REJECTED or TERMINATED studies can be deleted, by the leader or an admin', async () => {
    for (const status of ['PENDING', 'APPROVED', 'IN_PROGRESS', 'COMPLETED'] as const) {
      const id = await studyIn(status);
      const r = await t.call({ method: 'DELETE', url: `/api/studies/${id}`, headers: leader.headers });
      expect(r.status, status).toBe(409);
      expect(r.body.error.code).toBe('BIZ-3002');
    }
    const rejected = await studyIn('REJECTED');
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${rejected}`, headers: stranger.headers })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${rejected}`, headers: leader.headers })).status).toBe(200);
    const terminated = await studyIn('TERMINATED');
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${terminated}`, headers: stranger.headers })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${terminated}`, headers: admin.headers })).status).toBe(200);
  });

  it('hides deleted studies everywhere but the back office', async () => {
    const id = await studyIn('TERMINATED');
    const before = await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: leader.headers });
    await t.call({ method: 'DELETE', url: `/api/studies/${id}`, headers: leader.headers });
    for (const who of [leader, admin]) {
      expect((await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: who.headers })).status).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: `/api/studies/slug/${before.body.data.slug}` })).status).toBe(404);
    expect((await setStatus(t, admin, id, 'REACTIVATE')).status).toBe(404);
    const my = await t.call({ method: 'GET', url: '/api/studies/my', headers: leader.headers });
    const all = Object.values(my.body.data.groups).flat() as { study: { id: string } }[];
    expect(all.some((i) => i.study.id === id)).toBe(false);
    const back = await t.call({ method: 'GET', url: '/api/admin/studies?deleted=true', headers: admin.headers });
    expect(back.body.data.content.map((s: { id: string }) => s.id)).toContain(id);
    expect(back.body.data.content.every((s: { deleted: boolean }) => s.deleted)).toBe(true);
    const detail = await t.call({ method: 'GET', url: `/api/admin/studies/${id}`, headers: admin.headers });
    expect(detail.body.data).toMatchObject({ id, deleted: true, statusBeforeTermination: 'APPROVED' });
    expect(detail.body.data.deletedAt).toBeTruthy();
  });
});
