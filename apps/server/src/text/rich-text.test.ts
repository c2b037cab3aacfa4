import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('drops an unsafe link without breaking the next link at the same depth (sanitize-html rename bug)', () => {
    expect(sanitizeRichText('<p><a href="javascript:x()">나쁜 링크</a> <a href="https://example.com">좋은 링크</a></p>')).toBe(
      '<p>나쁜 링크 <a href="https://example.com" rel="noopener noreferrer">좋은 링크</a></p>',
    );
    expect(sanitizeRichText('<ul><li><a href="data:text/html,x">a</a></li><li><a href="/project">b</a></li></ul>')).toBe(
      '<ul><li>a</li><li><a href="/project" rel="noopener noreferrer">b</a></li></ul>',
    );
    expect(sanitizeRichText('<p><a href=" java\tscript:alert(1)">x</a><a href="//evil.example">y</a><a>z</a></p>')).toBe('<p>xyz</p>');
  });
});

describe('richTextToPlain', () => {
  it('keeps the words (block ends become spaces) and decodes entities', () => {
    expect(richTextToPlain('<h2>소개</h2><p>R&amp;D <strong>팀</strong></p><ul><li>하나</li><li>둘</li></ul>')).toBe('소개 R&D 팀 하나 둘');
  });
});
