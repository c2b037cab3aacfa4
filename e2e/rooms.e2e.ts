/**
 * Online deduction rooms (issue 37, docs/deduction.md "Online rooms") with three people, each in
 * a browser context of their own (their own session), signed in through the login page as the
 * demo members 박지훈 (leader@moim.dev, the host), 최서연 (member@moim.dev) and 임수아
 * (sua@moim.dev, on a phone):
 * - the host creates a room of three human seats on the beginner preset; 최서연 joins by the
 *   invite link, 임수아 by an invitation to her username (she finds the room under "내 방");
 *   both say they are ready and the host starts;
 * - each page shows only its own seat: its own five hints (the three sets disjoint, so no page
 *   shows another seat's), its own guesses' counts, and another seat's count only when it is a
 *   public zero; no answers and no result before the end;
 * - the players take turns through the grid and the guess button; the board says "내 차례입니다"
 *   to the player whose turn it is and "게임판" to the others. Each reasons like the HARD AI
 *   from what its own page shows (its marks and its own counts), so the game ends the way people
 *   end it, by an exact guess, usually within a few rounds (the beginner preset's 15-round cap
 *   would end it too). No rule time-out is waited for: the turn clock is 90 s, too long;
 * - 임수아 closes her page mid-game and opens the room again while her grace period (60 s) runs:
 *   her turn waited for her and she plays it herself. Later she presses "나가기": the others see
 *   her as left and the server plays her next turn as a time-out at once (the others do not
 *   wait); she presses "게임으로 돌아가기" and plays on;
 * - every browser shows the same result: the standings, the answers, and that the game is not
 *   rated (three seats from one network, 127.0.0.1).
 * No fixed sleeps: every step waits for what the pages show.
 */
import { aiGuess, presetSettings, Rng, type Knowledge } from '@moim/games';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';

const b = useBrowser();

const SUA = { email: 'sua@moim.dev', password: 'moim-sua-2026!', username: 'sua.lim' } as const;
const BEGINNER = presetSettings('BEGINNER');
const SETTLE_MS = 30_000;

interface SeatLine {
  name: string;
  me: boolean;
  active: boolean;
  text: string;
}
interface HistoryLine {
  name: string;
  words: string[];
  count: string;
  timeout: boolean;
}
/** What one room page shows. */
interface RoomState {
  seats: SeatLine[];
  history: HistoryLine[];
  /** the board's title: "내 차례입니다" on my turn */
  board: string;
  myTurn: boolean;
  result: boolean;
  /** the grid: each keyword's word and mark, by pool index */
  keys: { word: string; mark: string }[];
}

async function login(page: Page, account: { email: string; password: string }) {
  await page.goto('/login?returnTo=%2Flab%2Fdeduction-game%2Frooms');
  await page.getByLabel('이메일').fill(account.email);
  await page.getByLabel('비밀번호', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/lab/deduction-game/rooms', { timeout: 20_000 });
}

function read(page: Page): Promise<RoomState> {
  return page.evaluate(() => {
    const seats = [...document.querySelectorAll<HTMLElement>('section[aria-labelledby="ded-seats"] > ol > li')].map((li) => ({
      name: li.querySelector('strong')?.textContent ?? '',
      me: (li.textContent ?? '').includes('(나)'),
      active: li.getAttribute('aria-current') === 'true',
      text: li.textContent ?? '',
    }));
    const history = [...document.querySelectorAll<HTMLElement>('section[aria-labelledby="ded-board"] > ol > li')].map((li) => {
      const m = /^(.+?): (.*) → (\?|\d+)( \(시간 초과\))?$/.exec((li.textContent ?? '').trim());
      if (!m) throw new Error(`a history line the journey cannot read: ${li.textContent}`);
      return { name: m[1]!, words: m[2]!.split(', '), count: m[3]!, timeout: !!m[4] };
    });
    const keys = [...document.querySelectorAll<HTMLElement>('[data-testid^="ded-key-"]')]
      .sort((x, y) => Number(x.dataset.index) - Number(y.dataset.index))
      .map((el) => ({ word: el.querySelector('.ded-key__word')?.textContent ?? '', mark: el.dataset.mark ?? '' }));
    return {
      seats,
      history,
      board: document.getElementById('ded-board')?.textContent ?? '',
      myTurn: document.getElementById('ded-board')?.textContent === '내 차례입니다',
      result: document.querySelector('[data-testid="ded-room-result"]') !== null,
      keys,
    };
  });
}

const myName = (s: RoomState) => s.seats.find((x) => x.me)!.name;
const activeName = (s: RoomState) => s.seats.find((x) => x.active)?.name;
const marked = (s: RoomState, mark: string) => s.keys.flatMap((k, i) => (k.mark === mark ? [i] : []));

/**
 * Waits until every open page shows the same moment of the game: the same history (at least
 * `min` lines) and the same seat to play, or every page the result.
 */
async function settle(pages: Page[], min: number): Promise<RoomState[]> {
  let states: RoomState[] = [];
  await expect
    .poll(
      async () => {
        states = await Promise.all(pages.map(read));
        if (states.every((s) => s.result)) return true;
        const [first] = states;
        const active = activeName(first!);
        return (
          first!.history.length >= min &&
          active !== undefined &&
          states.every((s) => !s.result && s.history.length === first!.history.length && activeName(s) === active)
        );
      },
      { timeout: SETTLE_MS, interval: 100 },
    )
    .toBe(true);
  return states;
}

/**
 * The fairness rule on the pages while the game runs: each shows its own five hints (disjoint
 * from the others'), its own counts, another seat's count only when it is a public zero, and
 * no answer.
 */
function checkFairness(states: RoomState[]) {
  const hints = states.map((s) => marked(s, 'hint'));
  for (const h of hints) expect(h).toHaveLength(BEGINNER.hintCount);
  expect(new Set(hints.flat()).size).toBe(BEGINNER.hintCount * states.length);
  for (const s of states) {
    expect(marked(s, 'revealedAnswer')).toEqual([]);
    expect(s.result).toBe(false);
  }
  const lines = states[0]!.history.length;
  for (let i = 0; i < lines; i++) {
    const seen = states.map((s) => s.history[i]!);
    for (const l of seen) expect(l.words).toEqual(seen[0]!.words);
    const own = states.findIndex((s) => myName(s) === seen[0]!.name);
    if (own >= 0) expect(seen[own]!.count).toMatch(/^\d+$/);
    for (const [p, l] of seen.entries()) {
      if (p === own) continue;
      if (own >= 0) expect(l.count).toBe(seen[own]!.count === '0' ? '0' : '?');
      else expect(l.count).toMatch(/^[?0]$/);
    }
  }
}

/** What a seat knows, from its page only: its marks and its own guesses with their counts. */
function knowledge(s: RoomState): Knowledge {
  const index = new Map(s.keys.map((k, i) => [k.word, i]));
  const n = s.keys.length;
  const wrong = new Uint8Array(n);
  const answer = new Uint8Array(n);
  for (const [i, k] of s.keys.entries()) {
    if (['hint', 'global', 'zero', 'revealedWrong'].includes(k.mark)) wrong[i] = 1;
    if (k.mark === 'revealedAnswer') answer[i] = 1;
  }
  const me = myName(s);
  const constraints = s.history
    .filter((h) => h.name === me && /^\d+$/.test(h.count))
    .map((h) => ({ items: h.words.map((w) => index.get(w)!), correct: Number(h.count) }));
  return { n, k: BEGINNER.answerCount, wrong, answer, constraints };
}

/** The active player picks a guess on the grid and sends it; answers the words guessed. */
async function play(page: Page, state: RoomState, rng: Rng): Promise<string[]> {
  const guess = aiGuess('HARD', knowledge(state), rng);
  for (const i of guess) await page.getByTestId(`ded-key-${i}`).click();
  await page.getByRole('button', { name: `추측하기 (${BEGINNER.answerCount}/${BEGINNER.answerCount})` }).click();
  return guess.map((i) => state.keys[i]!.word);
}

async function seatText(page: Page, name: string): Promise<string> {
  return (await read(page)).seats.find((s) => s.name === name)?.text ?? '';
}

describe('online deduction rooms', () => {
  it('three people play a room to the end on their own devices; one closes her page, leaves and comes back', async () => {
    const contexts: BrowserContext[] = [b.context];
    const newContext = async (viewport = { width: 1280, height: 800 }) => {
      const c = await b.browser.newContext({ baseURL, viewport, locale: 'ko-KR' });
      contexts.push(c);
      return c;
    };
    try {
      const host = b.page;
      const memberContext = await newContext();
      const suaContext = await newContext({ width: 390, height: 844 });
      const member = await memberContext.newPage();
      let sua = await suaContext.newPage();
      await login(host, DEMO.leader);
      await login(member, DEMO.member);
      await login(sua, SUA);

      // the host makes a room of three human seats on the beginner preset
      await host.getByLabel('난이도').selectOption('BEGINNER');
      await host.getByRole('button', { name: '자리 추가' }).click();
      expect(await host.locator('.ded-rooms__seat select').evaluateAll((s) => s.map((x) => (x as HTMLSelectElement).value))).toEqual([
        'HUMAN',
        'HUMAN',
        'HUMAN',
      ]);
      await host.getByRole('button', { name: '방 만들기' }).click();
      await host.waitForURL((u) => /^\/lab\/deduction-game\/rooms\/[^/]+$/.test(u.pathname), { timeout: 20_000 });
      const roomPath = new URL(host.url()).pathname;
      const link = await host.getByLabel('초대 링크').inputValue();
      expect(link).toContain(`${roomPath}?invite=`);

      // 최서연 by the link
      await member.goto(link);
      await member.getByRole('button', { name: '자리에 앉기' }).click();
      await member.getByRole('button', { name: '준비', exact: true }).click();
      await member.getByRole('button', { name: '준비 취소' }).waitFor();

      // 임수아 by her username: the room is under "내 방" for her, and she sits without the link
      await host.getByLabel('사용자 이름').fill(`@${SUA.username}`);
      await host.getByRole('button', { name: '초대하기' }).click();
      await host.getByText(`@${SUA.username} 님을 초대했습니다.`).waitFor();
      await sua.reload();
      const invitation = sua.locator(`a[href="${roomPath}"]`);
      await invitation.waitFor({ timeout: 20_000 });
      expect(await invitation.locator('xpath=..').textContent()).toContain('초대받음');
      await invitation.click();
      await sua.getByRole('button', { name: '자리에 앉기' }).click();
      await sua.getByRole('button', { name: '준비', exact: true }).click();
      await sua.getByRole('button', { name: '준비 취소' }).waitFor();

      // the host sees both ready (live) and starts
      await expect
        .poll(async () => (await read(host)).seats.filter((s) => s.text.includes('준비 완료')).length, { timeout: SETTLE_MS })
        .toBe(2);
      await host.getByRole('button', { name: '게임 시작' }).click();
      const all = [host, member, sua];
      let states = await settle(all, 0);
      const names = states.map(myName);
      expect(new Set(names).size).toBe(3);
      const suaName = names[2]!;
      checkFairness(states);

      // 임수아 closes her page; the others play on until it is her turn, which waits for her
      await sua.close();
      type Phase = 'closed' | 'back' | 'left' | 'returned';
      let phase: Phase = 'closed';
      const open = () => (phase === 'closed' ? [host, member] : all);
      const rng = new Rng('e2e-rooms');
      let timedOutWhileLeft = false;
      for (let turn = 0; turn < BEGINNER.maxRounds! * 3 + 3; turn++) {
        states = await settle(open(), states[0]!.history.length);
        if (states.every((s) => s.result)) break;
        checkFairness(states);
        let active = activeName(states[0]!)!;
        expect(phase === 'left' && active === suaName, 'a left player’s turn is played for her at once').toBe(false);
        if (active === suaName && phase === 'closed') {
          // her grace period runs: she opens the room again and finds her turn waiting
          sua = await suaContext.newPage();
          all[2] = sua;
          await sua.goto(roomPath);
          phase = 'back';
          states = await settle(all, states[0]!.history.length);
          checkFairness(states);
          active = activeName(states[0]!)!;
          expect(active).toBe(suaName);
        }
        for (const s of states) expect(s.board).toBe(myName(s) === active ? '내 차례입니다' : '게임판');
        const p = all[names.indexOf(active)]!;
        const mine = states[names.indexOf(active)]!;
        expect(mine.myTurn).toBe(true);
        const before = mine.history.length;
        const words = await play(p, mine, rng);
        states = await settle(phase === 'closed' ? [host, member] : all, before + 1);
        if (states.every((s) => s.result)) break;
        // the move is the player's own (not a time-out played for her)
        const line = states[0]!.history[before]!;
        expect({ ...line, words: [...line.words].sort() }).toMatchObject({ name: active, words: [...words].sort(), timeout: false });

        if (active === suaName && phase === 'back') {
          // she leaves: the others see it, and her next turn is played at once
          await sua.getByRole('button', { name: '나가기' }).click();
          await sua.getByRole('button', { name: '게임으로 돌아가기' }).waitFor({ timeout: SETTLE_MS });
          await expect.poll(() => seatText(host, suaName), { timeout: SETTLE_MS }).toContain('나감');
          phase = 'left';
        } else if (phase === 'left') {
          const last = states[0]!.history.at(-1)!;
          if (last.name === suaName) {
            expect(last.timeout).toBe(true);
            timedOutWhileLeft = true;
            // and she comes back
            await sua.getByRole('button', { name: '게임으로 돌아가기' }).click();
            await sua.getByRole('button', { name: '나가기' }).waitFor({ timeout: SETTLE_MS });
            await expect.poll(() => seatText(host, suaName), { timeout: SETTLE_MS }).toContain('접속 중');
            phase = 'returned';
          }
        }
      }

      // the end, in every browser
      states = await settle(all, 0);
      expect(states.every((s) => s.result)).toBe(true);
      expect(phase).toBe('returned');
      expect(timedOutWhileLeft).toBe(true);
      const results = await Promise.all(all.map((p) => p.getByTestId('ded-room-result').textContent()));
      for (const r of results) {
        expect(r).toBe(results[0]);
        expect(r).toContain('같은 네트워크에서 두 자리 이상이 참가해 레이팅에 반영되지 않습니다.');
        expect(r).toMatch(/승리|무승부/);
        for (const n of names) expect(r).toContain(n);
      }
      const answers = states.map((s) => marked(s, 'revealedAnswer'));
      for (const a of answers) {
        expect(a).toHaveLength(BEGINNER.answerCount);
        expect(a).toEqual(answers[0]);
      }
      expect(results[0]).toContain(`정답: ${answers[0]!.map((i) => states[0]!.keys[i]!.word).join(', ')}`);
      for (const p of all) expect(await p.locator('.ded-header [role="status"]').textContent()).toContain('끝남');
    } finally {
      for (const c of contexts.slice(1)) await c.close();
    }
  }, 300_000);
});
