import { describe, expect, it } from 'vitest';
import { emptyDoc, historyReducer, resultOf, type History, type ShuffleDoc } from './doc';
import { teamsAsCsv, teamsAsText } from './export';
import { decodeLegacyQuery, decodeShare, encodeShare } from './share-link';
import { roman, themeTeamName } from './themes';

const people = ['김하늘', '박지훈', '최서연', '이도윤', '정민준', '강서윤'].map((name, i) => ({
  name,
  tags: { 수준: i % 2 ? '초급' : '고급' },
}));

describe('team shuffle document', () => {
  it('undoes and redoes each step, and a new step clears the redo list', () => {
    let h: History = { past: [], present: emptyDoc(), future: [] };
    h = historyReducer(h, { type: 'import', people });
    h = historyReducer(h, { type: 'shuffle', seed: 'abc' });
    const first = resultOf(h.present)!.teams;
    h = historyReducer(h, { type: 'shuffle', seed: 'def' });
    expect(h.present.recent).toEqual([first]);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.seed).toBe('abc');
    expect(resultOf(h.present)!.teams).toEqual(first);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.seed).toBe('def');
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'rename', index: 0, name: '우승 후보' });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('drops constraints and the balance column that no longer fit the roster', () => {
    let h: History = { past: [], present: emptyDoc(), future: [] };
    h = historyReducer(h, { type: 'import', people });
    h = historyReducer(h, { type: 'addConstraint', kind: 'apart', names: ['김하늘', '박지훈', '없는 사람'] });
    h = historyReducer(h, { type: 'balance', key: '수준' });
    expect(h.present.apart).toEqual([['김하늘', '박지훈']]);
    h = historyReducer(h, { type: 'removePerson', name: '박지훈' });
    expect(h.present.apart).toEqual([]);
    h = historyReducer(h, {
      type: 'import',
      people: [
        { name: 'a', tags: {} },
        { name: 'b', tags: {} },
      ],
    });
    expect(h.present.balanceBy).toBeNull();
  });
});

describe('share link', () => {
  it('round-trips the document, so the link shows the same teams', () => {
    const doc: ShuffleDoc = {
      ...emptyDoc(),
      people,
      split: { by: 'size', value: 3, allowSingles: false },
      together: [['김하늘', '최서연']],
      apart: [['박지훈', '이도윤']],
      balanceBy: '수준',
      spreadLast: 1,
      recent: [
        [
          ['김하늘', '박지훈', '최서연'],
          ['이도윤', '정민준', '강서윤'],
        ],
      ],
      seed: 'seed123',
      theme: 'animals',
      teamNames: [null, '우리 팀'],
    };
    const back = decodeShare(encodeShare(doc))!;
    expect(back).toEqual(doc);
    expect(resultOf(back)).toEqual(resultOf(doc));
  });

  it('refuses garbage and bounds what it reads', () => {
    expect(decodeShare('%%%')).toBeNull();
    expect(decodeShare(btoa('{"v":2}'))).toBeNull();
    const hostile = btoa(
      unescape(
        encodeURIComponent(
          JSON.stringify({ v: 1, p: ['a', 'a', 'b\u0000'], s: ['c', 99999, 0], g: [[0, 99]], e: 'bad seed!', h: 'nope', n: 50 }),
        ),
      ),
    );
    const d = decodeShare(hostile)!;
    expect(d.people.map((p) => p.name)).toEqual(['a', 'a (2)', 'b']);
    expect(d.split.value).toBe(1000);
    expect(d.together).toEqual([]);
    expect(d.seed).toBeNull();
    expect(d.theme).toBe('default');
    expect(d.spreadLast).toBe(10);
  });
});

describe('legacy links', () => {
  it('opens the first Team Shuffle links (query string) with their roster, split and seed', () => {
    const d = decodeLegacyQuery('?names=%EA%B0%80%0A%EB%82%98%0A%EA%B0%80&mode=size&n=2&seed=e2e')!;
    expect(d.people.map((p) => p.name)).toEqual(['가', '나', '가 (2)']);
    expect(d.split).toEqual({ by: 'size', value: 2, allowSingles: false });
    expect(d.seed).toBe('e2e');
    expect(decodeLegacyQuery('?names=a')).toBeNull();
  });
});

describe('names and exports', () => {
  const t = (key: string, opts?: Record<string, unknown>): unknown => {
    if (key === 'shuffle.teamDefault') return `${opts!.n}팀`;
    if (key === 'themes.animals.words') return ['호랑이', '독수리'];
    if (key.endsWith('.format')) return `${opts!.x}팀`;
    return key;
  };
  it('names teams by theme, repeating words with a number', () => {
    expect(themeTeamName('default', 2, t)).toBe('3팀');
    expect(themeTeamName('animals', 0, t)).toBe('호랑이팀');
    expect(themeTeamName('animals', 3, t)).toBe('독수리 2팀');
    expect(themeTeamName('custom', 0, t, ['알파'])).toBe('알파');
    expect(themeTeamName('custom', 1, t, ['알파'])).toBe('2팀');
    expect(roman(14)).toBe('XIV');
  });

  it('copies as text and exports CSV with tag columns, quoting and formula guarding', () => {
    const teams = [['김하늘', '=박지훈'], ['최서연']];
    const name = (i: number) => `${i + 1}팀`;
    expect(teamsAsText(teams, name, (n) => `${n}명`)).toBe('1팀 (2명): 김하늘, =박지훈\n2팀 (1명): 최서연');
    const csv = teamsAsCsv(
      teams,
      name,
      [
        { name: '김하늘', tags: { 역할: 'FE, BE', 메모: '\t=1+1' } },
        { name: '=박지훈', tags: { 메모: '\r@SUM(A1)' } },
        { name: '최서연', tags: {} },
      ],
      { team: '팀', name: '이름' },
    );
    expect(csv).toBe(
      '\uFEFF"팀","이름","역할","메모"\r\n' +
        '"1팀","김하늘","FE, BE","\'\t=1+1"\r\n' +
        '"1팀","\'=박지훈","","\'\r@SUM(A1)"\r\n' +
        '"2팀","최서연","",""\r\n',
    );
  });
});
