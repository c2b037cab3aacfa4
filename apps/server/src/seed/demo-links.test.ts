/**
 * Demo people and demo study pages link only to reserved example domains (RFC 2606/6761), never
 * to a real site's user name that may belong to a real person.
 */
import { describe, expect, it } from 'vitest';
import { DEVLOG_PAGE, ROUTINE_PAGE, TECOTECO_PAGE } from '../modules/studies/seed-content.ts';
import { DEMO_PEOPLE } from '../modules/users/seed.ts';

const RESERVED = /^(?:[a-z0-9-]+\.)*example\.(?:com|org|net)$|\.(?:test|example|invalid)$/;

function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

describe('demo content links', () => {
  it('every link of a demo person or demo study page is on a reserved example domain', () => {
    const urls = urlsIn([DEMO_PEOPLE, TECOTECO_PAGE, ROUTINE_PAGE, DEVLOG_PAGE]);
    expect(urls.length).toBeGreaterThan(0);
    const real = urls.filter((u) => !RESERVED.test(new URL(u).hostname));
    expect(real).toEqual([]);
  });
});
