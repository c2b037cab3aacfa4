import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './text-safety.ts';

describe('text safety (NUL and lone surrogates)', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates and other text', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udc00')).toBe(false);
    expect(isSafeText('\udc00\ud800')).toBe(false);
    expect(isSafeText('😀 모임 tab\tnew\nline')).toBe(true);
    expect(isSafeText('')).toBe(true);
  });

  it('accepts every well-formed string without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(isSafeText(s)).toBe(!s.includes('\u0000'));
      }),
    );
  });

  it('agrees with String.prototype.isWellFormed on arbitrary UTF-16', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((n) => String.fromCharCode(n)) }),
        (a, b) => {
          const s = a + b;
          const wellFormed = (s as unknown as { isWellFormed(): boolean }).isWellFormed();
          expect(isSafeText(s)).toBe(wellFormed && !s.includes('\u0000'));
        },
      ),
    );
  });

  it('names the path of the first unsafe string, keys included', () => {
    expect(findUnsafeText({ a: [1, 'ok', { b: 'x\u0000' }] }, 'body')).toBe('body.a.2.b');
    expect(findUnsafeText({ ['k\ud800']: 1 }, 'body')).toBe('body.k?');
    expect(findUnsafeText('\ud800', 'params.id')).toBe('params.id');
    expect(findUnsafeText({ a: ['fine', 2, null, true] }, 'query')).toBeUndefined();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
