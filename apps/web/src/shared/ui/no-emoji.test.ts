/**
 * Product text draws no emoji (issue 13): a machine without an emoji font (ours, many Linux
 * desktops, older Windows) shows them as empty boxes. The UI uses line icons (shared/ui/icons.tsx,
 * line-svg.tsx) instead. Scanned: the web app's source and catalogues, and what the server writes
 * for people to read (demo content, notifications, mails, the local AI's comments) and the shared
 * packages. Tests are skipped: they feed emoji in as user input, which may hold any character.
 *
 * An emoji here is a character shown as a colour picture by default (Emoji_Presentation: 🔎 ✨ ✅)
 * or one asked to be (followed by U+FE0F: ⚠️). Text symbols such as ✓ ✕ ★ ● ▲ are drawn by
 * ordinary text fonts and stay allowed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;

/** The repository's root: the nearest folder up from the working directory with apps/ and packages/. */
function repoRoot(): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/web/src')) && existsSync(join(dir, 'packages/contract'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${process.cwd()}`);
  }
}
const REPO = repoRoot();
const ROOTS = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/server/src', 'packages/contract/src', 'packages/games/src'];
const SCANNED = /\.(ts|tsx|js|mjs|json|css|html|svg|txt|md)$/;
const SKIPPED = /\.test\.tsx?$|\/test\/|test-fixtures\.ts$/;

function* files(path: string): Generator<string> {
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') yield* files(join(path, name));
}

/** "path:line 🔎" for every emoji in a text. */
function emojiIn(text: string, where: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const found = line.match(EMOJI);
    return found ? [`${where}:${i + 1} ${found.join(' ')}`] : [];
  });
}

describe('no emoji in product text', () => {
  it('the detector finds picture emoji and leaves text symbols and Hangul alone', () => {
    expect(emojiIn('🔎 찾기\n✨ 반짝 👍\n⚠️ 주의', 'x')).toEqual(['x:1 🔎', 'x:2 ✨ 👍', 'x:3 ⚠️']);
    expect(emojiIn('✓ 완료 ✕ 닫기 ★ 4.5 ● ■ ▲ ◆ ⚙ ☆ → ⌫ 1. #해시태그', 'x')).toEqual([]);
  });

  it('in the web app, its catalogues, the server’s texts and demo content, and the shared packages', () => {
    const hits: string[] = [];
    let scanned = 0;
    for (const root of ROOTS) {
      for (const file of files(join(REPO, root))) {
        const rel = relative(REPO, file);
        if (!SCANNED.test(rel) || SKIPPED.test(rel)) continue;
        scanned += 1;
        hits.push(...emojiIn(readFileSync(file, 'utf8'), rel));
      }
    }
    expect(scanned).toBeGreaterThan(500);
    expect(hits).toEqual([]);
  });
});
