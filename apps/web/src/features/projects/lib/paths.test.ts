import { describe, expect, it } from 'vitest';
import { projectPath } from './paths';

describe('projectPath', () => {
  it('keeps a Korean slug readable (not percent-encoded) in the link', () => {
    expect(projectPath('모임-사이드-프로젝트')).toBe('/project/모임-사이드-프로젝트');
  });

  it('still encodes what would change the address', () => {
    expect(projectPath('a/b?c#d%e f')).toBe('/project/a%2Fb%3Fc%23d%25e%20f');
  });
});
