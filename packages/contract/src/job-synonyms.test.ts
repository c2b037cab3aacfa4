import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skillKey } from './job-match.ts';
import {
  JOB_ROLE_SYNONYMS,
  JOB_SKILL_SYNONYMS,
  roleSearchNames,
  rolesInTitle,
  skillSearchNames,
  skillSynonymAliases,
} from './job-synonyms.ts';

const ids = (title: string) => rolesInTitle(title).map((r) => r.id);

describe('roles in a title', () => {
  it('recognises Korean and English names, compounds and particles', () => {
    expect(ids('백엔드 개발자 (Java/Spring)')).toEqual(['backend', 'developer']);
    expect(ids('Senior Back-end Engineer')).toEqual(['backend', 'engineer']);
    expect(ids('백엔드개발자')).toEqual(['backend', 'developer']);
    expect(ids('[신입] 프론트엔드를 함께할 분')).toEqual(['frontend']);
    expect(ids('데이터엔지니어 (Spark)')).toEqual(['dataEngineer', 'engineer']);
    expect(ids('ML Engineer')).toEqual(['ml', 'engineer']);
    expect(ids('iOS 개발자')).toEqual(['ios', 'developer']);
  });

  it('takes a Latin name only as a whole word', () => {
    expect(ids('BIOS 펌웨어 엔지니어')).not.toContain('ios');
    expect(ids('HTML 퍼블리셔')).not.toContain('ml');
    expect(ids('Backendless')).not.toContain('backend');
  });

  it('never recognises a role by a name too broad alone ("서버리스" is not a backend role)', () => {
    expect(ids('서버리스 플랫폼 운영')).not.toContain('backend');
  });

  it('writes every name of the roles found, in both languages', () => {
    const names = roleSearchNames('Backend Engineer');
    expect(names).toEqual(expect.arrayContaining(['backend', '백엔드', '서버', 'engineer', '엔지니어']));
    expect(roleSearchNames('결제 시스템 운영')).toEqual([]);
  });

  it('every name of a role, written in any title, is recognised', () => {
    const named = JOB_ROLE_SYNONYMS.flatMap((r) => r.names.map((n) => [r.id, n] as const));
    fc.assert(
      fc.property(
        fc.constantFrom(...named),
        fc.constantFrom('', '[경력] ', 'Senior '),
        fc.constantFrom('', ' (Java)', ' 채용'),
        ([id, name], pre, post) => {
          expect(ids(`${pre}${name}${post}`)).toContain(id);
        },
      ),
    );
  });
});

describe('skill names', () => {
  it('each name of the table resolves to one skill only', () => {
    const owner = new Map<string, string>();
    for (const [id, names] of Object.entries(JOB_SKILL_SYNONYMS)) {
      for (const n of [id, ...names]) {
        const k = skillKey(n);
        expect(owner.get(k) ?? id, `${n} belongs to ${owner.get(k)} and ${id}`).toBe(id);
        owner.set(k, id);
      }
    }
  });

  it('resolves Korean, English and short names alike', () => {
    const aliases = skillSynonymAliases();
    for (const [name, id] of [
      ['자바', 'java'],
      ['코틀린', 'kotlin'],
      ['리액트', 'react'],
      ['스프링', 'springboot'],
      ['파이썬', 'python'],
      ['타입스크립트', 'typescript'],
      ['golang', 'go'],
      ['고', 'go'],
      ['k8s', 'kubernetes'],
      ['쿠버네티스', 'kubernetes'],
    ])
      expect(aliases.get(skillKey(name!)), name).toBe(id);
  });

  it('gives every name of a skill for its search text', () => {
    expect(skillSearchNames('kubernetes')).toEqual(['kubernetes', 'k8s', '쿠버네티스', '쿠베']); // one of each, whatever the case;
    expect(skillSearchNames('unknown-skill')).toEqual(['unknown-skill']);
  });
});
