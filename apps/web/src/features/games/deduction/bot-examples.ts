/** Example bots for the editor (the template is BOT_TEMPLATE in @moim/games). */
import { BOT_TEMPLATE } from '@moim/games';

export const BOT_EXAMPLES: { id: string; code: string }[] = [
  { id: 'template', code: BOT_TEMPLATE },
  {
    id: 'weighted',
    code: `// 점수가 높았던 추측의 키워드를 더 믿기 · trust keywords from guesses that scored
function move(state) {
  const wrong = new Set(state.knownWrong);
  const weight = state.keywords.map((_, i) => (wrong.has(i) ? -Infinity : Math.random() * 0.1));
  for (const g of state.myGuesses) {
    for (const i of g.guess) weight[i] += g.correct / state.answerCount;
  }
  return state.keywords
    .map((_, i) => i)
    .sort((a, b) => weight[b] - weight[a])
    .slice(0, state.answerCount);
}
`,
  },
  {
    id: 'consistent',
    code: `// 지금까지의 모든 단서와 맞는 답을 무작위로 찾기 · find an answer set consistent with every clue
function move(state) {
  const wrong = new Set(state.knownWrong);
  const open = state.keywords.map((_, i) => i).filter((i) => !wrong.has(i));
  const fits = (set) => state.myGuesses.every((g) => g.guess.filter((i) => set.includes(i)).length === g.correct);
  for (let tries = 0; tries < 20000; tries++) {
    const set = [];
    const pool = open.slice();
    while (set.length < state.answerCount) set.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
    if (fits(set)) return set;
  }
  return open.slice(0, state.answerCount);
}
`,
  },
  {
    id: 'endless',
    code: `// 끝나지 않는 봇: 2초 뒤 멈추고 차례를 잃습니다 · never answers: stopped after 2 s, loses its turn
function move(state) {
  while (true) {}
}
`,
  },
];
