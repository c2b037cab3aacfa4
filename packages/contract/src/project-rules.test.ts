import { describe, expect, it } from 'vitest';
import {
  PROJECT_ACTIONS,
  PROJECT_STATUSES,
  ddayLabel,
  deadlinePassed,
  nextProjectStatus,
  deadlineCloseRunAfter,
  projectAcceptsApplications,
  projectActionsFrom,
  projectSlugBase,
} from './project-rules.ts';
import { projectApplyBody, projectBody } from './projects.ts';

describe('project status machine', () => {
  it('allows exactly the moves of the issue', () => {
    const allowed = PROJECT_STATUSES.flatMap((from) =>
      PROJECT_ACTIONS.flatMap((a) => (nextProjectStatus(from, a) ? [`${from} ${a} ${nextProjectStatus(from, a)}`] : [])),
    );
    expect(allowed.sort()).toEqual(
      [
        'DRAFT PUBLISH RECRUITING',
        'DRAFT CANCEL CANCELLED',
        'RECRUITING CLOSE_RECRUITMENT IN_PROGRESS',
        'RECRUITING CANCEL CANCELLED',
        'IN_PROGRESS REOPEN RECRUITING',
        'IN_PROGRESS COMPLETE COMPLETED',
        'IN_PROGRESS CANCEL CANCELLED',
      ].sort(),
    );
    expect(projectActionsFrom('COMPLETED')).toEqual([]);
  });
});

describe('recruitment days in Asia/Seoul', () => {
  // 2026-11-23 23:30 in Seoul is 14:30 UTC
  const lateEvening = new Date('2026-11-23T14:30:00Z');
  it('counts D-days in Seoul dates and closes after the last day', () => {
    expect(ddayLabel('2026-11-23', lateEvening)).toBe('D-Day');
    expect(ddayLabel('2026-11-26', lateEvening)).toBe('D-3');
    expect(ddayLabel('2026-11-22', lateEvening)).toBeNull();
    expect(deadlinePassed('2026-11-23', lateEvening)).toBe(false);
    expect(deadlinePassed('2026-11-23', new Date('2026-11-23T15:00:00Z'))).toBe(true);
    expect(projectAcceptsApplications({ status: 'RECRUITING', recruitmentDeadline: '2026-11-23' }, lateEvening)).toBe(true);
    expect(projectAcceptsApplications({ status: 'IN_PROGRESS', recruitmentDeadline: null }, lateEvening)).toBe(false);
    expect(deadlineCloseRunAfter(lateEvening)).toEqual({ at: new Date('2026-11-23T15:00:00Z'), date: '2026-11-24' });
  });
});

describe('project form rules', () => {
  it('keeps Korean in slugs', () => {
    expect(projectSlugBase('모임 캘린더: 일정 공유 앱!')).toBe('모임-캘린더-일정-공유-앱');
    expect(projectSlugBase('   ***   ')).toBe('project');
  });

  it('needs a position with a required skill and refuses NUL and lone surrogates', () => {
    const base = { name: '프로젝트', type: 'SIDE_PROJECT', meeting: { type: 'ONLINE' } };
    expect(projectBody.safeParse({ ...base, positions: [] }).success).toBe(false);
    expect(projectBody.safeParse({ ...base, positions: [{ name: 'BE', requiredCount: 1, requiredSkills: [] }] }).success).toBe(false);
    expect(projectBody.safeParse({ ...base, positions: [{ name: 'BE', requiredCount: 1, requiredSkills: ['Go'] }] }).success).toBe(true);
    const bad = projectBody.safeParse({ ...base, name: 'a\u0000b', positions: [{ name: 'BE', requiredCount: 1, requiredSkills: ['Go'] }] });
    expect(bad.success).toBe(false);
    expect(
      projectBody.safeParse({ ...base, tagline: '\ud800', positions: [{ name: 'BE', requiredCount: 1, requiredSkills: ['Go'] }] }).success,
    ).toBe(false);
  });

  it('normalizes every link field of the form and the application', () => {
    const base = { name: '프로젝트', type: 'SIDE_PROJECT', meeting: { type: 'ONLINE' } };
    const positions = [{ name: 'BE', requiredCount: 1, requiredSkills: ['Go'] }];
    const r = projectBody.safeParse({
      ...base,
      positions,
      links: { repository: 'github.com/x', demo: 'demo.moim.dev', contact: 'a@b.co' },
    });
    expect(r.success && r.data.links).toEqual({
      repository: 'https://github.com/x',
      demo: 'https://demo.moim.dev',
      contact: 'mailto:a@b.co',
    });
    const empty = projectBody.safeParse({ ...base, positions, links: { repository: '  ', demo: null, contact: '' } });
    expect(empty.success && empty.data.links).toEqual({ repository: null, demo: null, contact: null });
    expect(projectBody.safeParse({ ...base, positions, links: { demo: 'ftp://x.dev' } }).success).toBe(false);
    const apply = projectApplyBody.safeParse({
      positionId: '00000000-0000-4000-8000-000000000000',
      introduction: '열 글자가 넘는 소개입니다.',
      motivation: '열 글자가 넘는 동기입니다.',
      links: { github: 'github.com/me', portfolio: 'me.dev/work' },
    });
    expect(apply.success && apply.data.links).toEqual({ github: 'https://github.com/me', portfolio: 'https://me.dev/work', blog: null });
  });
});
