/**
 * The Korean rule table: spacing (띄어쓰기) and common spelling mistakes, each rule with the
 * examples it must catch (`wrong` → `right`) and sentences it must leave alone (`clean`). The
 * tests run every example, so a rule change that breaks one is caught. Rules are written to
 * prefer silence over a false alarm: ambiguous cases (한번, 데, 지, 로/으로 after a consonant)
 * are left out on purpose (docs/studio.md "Korean checks").
 *
 * `pattern` must be global; the whole match is the span that `replace` rewrites. `when` can veto a
 * match by looking at the text around it. Boundaries use "no Hangul before/after", since \b does
 * not work for Hangul.
 */
import { type KoreanRule, L } from './finding.ts';
import { KOREAN_HOUSE_RULES } from './korean-house-rules.ts';
import { JONG, jongseongIndex } from './segment.ts';

export type { KoreanRule };

const hasRieul = (ch: string | undefined) => jongseongIndex(ch) === JONG.RIEUL;
const hasNieunOrRieul = (ch: string | undefined) => jongseongIndex(ch) === JONG.NIEUN || jongseongIndex(ch) === JONG.RIEUL;

const SPACING = L('띄어쓰기', 'Spacing');
const SPELLING = L('맞춤법', 'Spelling');

/** Simple "this exact word is misspelled" rules. */
function word(id: string, wrong: string, right: string, ko: string, en: string, clean: string[] = []): KoreanRule {
  return {
    id,
    category: 'SPELLING',
    severity: 'ERROR',
    pattern: new RegExp(wrong, 'g'),
    replace: (m) => m[0].replace(new RegExp(wrong), right),
    message: L(ko, en),
    short: SPELLING,
    examples: [{ wrong: `${wrong.replace(/\(\?<?[!=][^)]*\)/g, '')}`, right: right }],
    clean,
  };
}

export const KOREAN_RULES: readonly KoreanRule[] = [
  // Combined fixes first: they win over the single rules they overlap.
  {
    id: 'KO_SPELLING_AN_DWAEYO',
    category: 'SPELLING',
    severity: 'ERROR',
    // 안되요, 안되서 → 안 돼요, 안 돼서 (both mistakes at once, so one fix covers them)
    pattern: /(?<![가-힣])안되(요|서)/g,
    replace: (m) => `안 돼${m[1]}`,
    message: L(
      "'안 돼요'로 적습니다: 부정의 '안'은 띄우고, '되어요'는 '돼요'로 줄입니다.",
      "Write '안 돼요': '안' apart, and '되어요' contracts to '돼요'.",
    ),
    short: SPELLING,
    examples: [{ wrong: '안되요', right: '안 돼요' }],
    clean: ['안 돼요'],
  },
  // ---- 띄어쓰기: bound nouns (의존 명사) are written apart from the word before them
  {
    id: 'KO_SPACING_SU',
    category: 'SPACING',
    severity: 'ERROR',
    // 할수 있다, 볼수도 없다, 갈수밖에: "수" after an adnominal ending in ㄹ
    pattern: /([가-힣])수(?=\s*(?:있|없|밖에|도\s*(?:있|없)))/g,
    when: (m) => hasRieul(m[1]) && m[1] !== '실',
    replace: (m) => `${m[1]} 수`,
    message: L("'수'는 앞말과 띄어 씁니다 (의존 명사).", "Write '수' apart from the word before it (a bound noun)."),
    short: SPACING,
    examples: [
      { wrong: '할수 있다', right: '할 수 있다' },
      { wrong: '볼수도 없다', right: '볼 수도 없다' },
    ],
    clean: ['할 수 있다', '실수가 없도록 했다', '할수록 재미있다', '일수로 계산했다', '수수료가 없다'],
  },
  {
    id: 'KO_SPACING_SU_ISSDA',
    category: 'SPACING',
    severity: 'ERROR',
    // 수있다 → 수 있다 (after "할 수" or "할수")
    pattern: /(?<=[가-힣]\s?)수(있|없)/g,
    when: (m, text) => {
      const before = text.slice(0, m.index).replace(/\s$/, '');
      return hasRieul(before[before.length - 1]) && before[before.length - 1] !== '실';
    },
    replace: (m) => `수 ${m[1]}`,
    message: L("'수' 다음의 '있다/없다'는 띄어 씁니다.", "Put a space between '수' and '있다/없다'."),
    short: SPACING,
    examples: [{ wrong: '할 수있다', right: '할 수 있다' }],
    clean: ['할 수 있다', '실수없이 끝냈다'],
  },
  {
    id: 'KO_SPACING_GEOT',
    category: 'SPACING',
    severity: 'ERROR',
    // 하는것, 먹을것, 한것 → 하는 것 … (이것, 그것, 날것, 탈것 are words)
    pattern: /([가-힣])것/g,
    when: (m, text) => {
      const prev = m[1]!;
      if (!(prev === '는' || prev === '던' || hasNieunOrRieul(prev))) return false;
      const word = text.slice(0, m.index + 2).match(/[가-힣]+$/)?.[0] ?? '';
      return !/^(?:이|그|저|요|아무|별|날|탈|들|온갖)것$/.test(word);
    },
    replace: (m) => `${m[1]} 것`,
    message: L("'것'은 앞말과 띄어 씁니다 (의존 명사).", "Write '것' apart from the word before it (a bound noun)."),
    short: SPACING,
    examples: [
      { wrong: '하는것', right: '하는 것' },
      { wrong: '먹을것', right: '먹을 것' },
    ],
    clean: ['이것은 좋다', '그것도 괜찮다', '날것 그대로', '아무것도 없다', '하는 것이 좋다'],
  },
  {
    id: 'KO_SPACING_GEOT_GATDA',
    category: 'SPACING',
    severity: 'ERROR',
    pattern: /([것거])같/g,
    when: (m, text) => m[1] === '것' || /[는을할될던]$/.test(text.slice(0, m.index)),
    replace: (m) => `${m[1]} 같`,
    message: L("'같다'는 앞의 '것'과 띄어 씁니다.", "Put a space between '것' and '같다'."),
    short: SPACING,
    examples: [{ wrong: '것같', right: '것 같' }],
    clean: ['그런 것 같다', '거같은 말은 없다'],
  },
  {
    id: 'KO_SPACING_GEO',
    category: 'SPACING',
    severity: 'ERROR',
    // 할거야, 할거예요, 하는거 → 할 거야 …
    pattern: /([가-힣])거(?=(?:야|예요|에요|다|니|지|고|라|든|\s|[.,!?]|$))/g,
    when: (m) => m[1] === '는' || m[1] === '던' || (hasRieul(m[1]) && !['일', '을'].includes(m[1]!)),
    replace: (m) => `${m[1]} 거`,
    message: L("'거'(것)는 앞말과 띄어 씁니다.", "Write '거' (= 것) apart from the word before it."),
    short: SPACING,
    examples: [
      { wrong: '할거', right: '할 거' },
      { wrong: '하는거', right: '하는 거' },
    ],
    clean: ['할 거야', '근거가 있다', '선거가 있다', '증거를 모았다'],
  },
  {
    id: 'KO_SPACING_TTAE',
    category: 'SPACING',
    severity: 'ERROR',
    // 할때, 먹을때 → 할 때 (이때, 그때, 한때 are words)
    pattern: /([가-힣])때(?!문|기)/g,
    when: (m, text) => {
      const word = text.slice(0, m.index + 2).match(/[가-힣]+$/)?.[0] ?? '';
      return hasRieul(m[1]) && word !== '물때';
    },
    replace: (m) => `${m[1]} 때`,
    message: L("'때'는 앞말과 띄어 씁니다.", "Write '때' apart from the word before it."),
    short: SPACING,
    examples: [
      { wrong: '할때', right: '할 때' },
      { wrong: '먹을때', right: '먹을 때' },
    ],
    clean: ['그때는 몰랐다', '이때부터', '할 때마다', '한때 유행했다'],
  },
  {
    id: 'KO_SPACING_TTAEMUN',
    category: 'SPACING',
    severity: 'ERROR',
    // 기때문에, 너때문에 → 기 때문에 ("때문" is always a bound noun)
    pattern: /([가-힣])때문/g,
    replace: (m) => `${m[1]} 때문`,
    message: L("'때문'은 앞말과 띄어 씁니다.", "Write '때문' apart from the word before it."),
    short: SPACING,
    examples: [{ wrong: '기때문', right: '기 때문' }],
    clean: ['그렇기 때문에', '비 때문에'],
  },
  {
    id: 'KO_SPACING_JUL',
    category: 'SPACING',
    severity: 'ERROR',
    pattern: /([가-힣])줄(?=\s*(?:알|안다|압니|아는|몰|모르))/g,
    when: (m) => hasRieul(m[1]),
    replace: (m) => `${m[1]} 줄`,
    message: L("'줄'은 앞말과 띄어 씁니다.", "Write '줄' apart from the word before it."),
    short: SPACING,
    examples: [{ wrong: '할줄 안다', right: '할 줄 안다' }],
    clean: ['할 줄 안다', '한 줄 요약'],
  },
  {
    id: 'KO_SPACING_MANKEUM',
    category: 'SPACING',
    severity: 'WARNING',
    // 먹을만큼, 할만하다, 하는듯 → 먹을 만큼 … (after the common adnominals only: 너만큼 is right)
    pattern: /(?<![가-힣])((?:[가-힣]*(?:는|던|을))|할|될|볼|갈|올|쓸|알|살)(만큼|만하|뿐|듯|대로|척|체하)/g,
    replace: (m) => `${m[1]} ${m[2]}`,
    message: L(
      "'만큼·뿐·듯·대로·척·만하다'는 용언 뒤에서 띄어 씁니다.",
      "After a verb form, write '만큼/뿐/듯/대로/척/만하다' as a separate word.",
    ),
    short: SPACING,
    examples: [
      { wrong: '먹을만큼', right: '먹을 만큼' },
      { wrong: '할만하', right: '할 만하' },
    ],
    clean: ['너만큼 잘한다', '먹을 만큼 먹었다', '하늘만큼 땅만큼'],
  },
  {
    id: 'KO_SPACING_AN',
    category: 'SPACING',
    severity: 'ERROR',
    // 안되다, 안돼, 안하다 → 안 되다 … (negation 안 is an adverb; 안하무인 is a word)
    pattern: /(?<![가-힣])안(되|돼|됐|될|됩|됀|하(?!무인)|해|했|할|한다|합)/g,
    replace: (m) => `안 ${m[1] === '됀' ? '된' : m[1]}`,
    message: L("부정의 '안'은 뒤의 말과 띄어 씁니다.", "The negating '안' is written apart from the verb."),
    short: SPACING,
    examples: [
      { wrong: '안돼', right: '안 돼' },
      { wrong: '안하', right: '안 하' },
    ],
    clean: ['안 돼요', '안하무인이다', '안내를 받았다', '안녕하세요', '안전하게'],
  },
  {
    id: 'KO_SPACING_JI_ANTA',
    category: 'SPACING',
    severity: 'ERROR',
    pattern: /([가-힣])지않/g,
    replace: (m) => `${m[1]}지 않`,
    message: L("'-지 않다'는 띄어 씁니다.", "Write '-지 않다' with a space."),
    short: SPACING,
    examples: [{ wrong: '좋지않', right: '좋지 않' }],
    clean: ['좋지 않다'],
  },
  {
    id: 'KO_SPACING_YA_HANDA',
    category: 'SPACING',
    severity: 'ERROR',
    // 해야한다, 봐야돼 → 해야 한다 …
    pattern: /([가-힣])야(한다|합니다|하는|해요|해서|했|할|돼|될|됩|됐)/g,
    when: (m) => {
      const j = jongseongIndex(m[1]);
      if (j !== JONG.NONE) return false;
      const vowel = Math.floor(((m[1]!.charCodeAt(0) - 0xac00) % 588) / 28); // ㅏ0 ㅐ1 ㅓ4 ㅔ5 ㅕ6 ㅘ9 ㅝ14
      return [0, 1, 4, 5, 6, 9, 14].includes(vowel) && m[1] !== '하';
    },
    replace: (m) => `${m[1]}야 ${m[2]}`,
    message: L("'-어야 하다/되다'는 띄어 씁니다.", "Write '-어야 하다/되다' with a space."),
    short: SPACING,
    examples: [
      { wrong: '해야한다', right: '해야 한다' },
      { wrong: '봐야돼', right: '봐야 돼' },
    ],
    clean: ['해야 한다', '분야한다는 말', '시야가 넓다'],
  },
  {
    id: 'KO_SPACING_MIT',
    category: 'SPACING',
    severity: 'ERROR',
    pattern: /(?<=[가-힣A-Za-z0-9])및|및(?=[가-힣A-Za-z0-9])/g,
    replace: (m) => (m.input[m.index - 1] && /\S/.test(m.input[m.index - 1]!) ? ' 및' : '및 '),
    message: L("'및'은 앞뒤 말과 띄어 씁니다.", "Write '및' with spaces around it."),
    short: SPACING,
    examples: [{ wrong: '설계및', right: '설계 및' }],
    clean: ['설계 및 구현'],
  },
  {
    id: 'KO_SPACING_PPUNMAN',
    category: 'SPACING',
    severity: 'ERROR',
    pattern: /뿐만아니라/g,
    replace: () => '뿐만 아니라',
    message: L("'뿐만 아니라'는 띄어 씁니다.", "Write '뿐만 아니라' with a space."),
    short: SPACING,
    examples: [{ wrong: '뿐만아니라', right: '뿐만 아니라' }],
    clean: ['그뿐만 아니라'],
  },

  // ---- 맞춤법: frequent misspellings
  {
    id: 'KO_SPELLING_DOEYO',
    category: 'SPELLING',
    severity: 'ERROR',
    // 되요/되서/됬 → 돼요/돼서/됐 (되어 → 돼)
    pattern: /됬|되(요|서|도(?!록))/g,
    replace: (m) => (m[0] === '됬' ? '됐' : `돼${m[1]}`),
    message: L("'되어'가 줄면 '돼'가 됩니다: 돼요, 돼서, 됐다.", "'되어' contracts to '돼': 돼요, 돼서, 됐다."),
    short: SPELLING,
    examples: [
      { wrong: '되요', right: '돼요' },
      { wrong: '됬', right: '됐' },
      { wrong: '되서', right: '돼서' },
    ],
    clean: ['잘 돼요', '되도록 빨리', '되어서 다행이다', '되는 일'],
  },
  {
    id: 'KO_SPELLING_ANH',
    category: 'SPELLING',
    severity: 'ERROR',
    // 않되, 않해 → 안 되, 안 해 (않 belongs after -지)
    pattern: /(?<![가-힣])않(되|돼|됐|하|해|했|할|한)/g,
    replace: (m) => `안 ${m[1]}`,
    message: L("부정 부사는 '안'입니다 ('않'은 '-지 않다'에만).", "The negating adverb is '안' ('않' only follows '-지')."),
    short: SPELLING,
    examples: [{ wrong: '않되', right: '안 되' }],
    clean: ['하지 않는다', '좋지 않아'],
  },
  {
    id: 'KO_SPELLING_LGE',
    category: 'SPELLING',
    severity: 'ERROR',
    // 할께, 갈께요, 할껄 → 할게, 갈게요, 할걸
    pattern: /([가-힣])(께|껄)(?=요|[\s.,!?~]|$)/g,
    when: (m) => hasRieul(m[1]) && m[1] !== '딸',
    replace: (m) => `${m[1]}${m[2] === '께' ? '게' : '걸'}`,
    message: L("'-ㄹ게', '-ㄹ걸'은 예사소리로 적습니다.", "Write '-ㄹ게' and '-ㄹ걸' without the tense consonant."),
    short: SPELLING,
    examples: [
      { wrong: '할께', right: '할게' },
      { wrong: '갈껄', right: '갈걸' },
    ],
    clean: ['선생님께 드렸다', '할게요', '할머니께서'],
  },
  {
    id: 'KO_SPELLING_SEUM',
    category: 'SPELLING',
    severity: 'ERROR',
    pattern: /(있|없|했|었|았|겠)(슴|읍니다)(?![가-힣])/g,
    replace: (m) => `${m[1]}${m[2] === '슴' ? '음' : '습니다'}`,
    message: L("'-슴/-읍니다'가 아니라 '-음/-습니다'로 적습니다.", "Write '-음' / '-습니다', not '-슴' / '-읍니다'."),
    short: SPELLING,
    examples: [
      { wrong: '있슴', right: '있음' },
      { wrong: '했읍니다', right: '했습니다' },
    ],
    clean: ['있음', '했습니다'],
  },
  {
    id: 'KO_SPELLING_ANIEYO',
    category: 'SPELLING',
    severity: 'ERROR',
    pattern: /아니예요/g,
    replace: () => '아니에요',
    message: L("'아니다'에는 '-에요'가 붙어 '아니에요'가 됩니다.", "'아니다' takes '-에요': 아니에요."),
    short: SPELLING,
    examples: [{ wrong: '아니예요', right: '아니에요' }],
    clean: ['아니에요', '사과예요'],
  },
  word('KO_SPELLING_MYECHIL', '몇일', '며칠', "'며칠'이 바른 말입니다.", "The word is written '며칠'."),
  word('KO_SPELLING_EOTTEOKAE', '어떻해', '어떡해', "'어떻게 해'가 줄면 '어떡해'입니다.", "'어떻게 해' contracts to '어떡해'."),
  word('KO_SPELLING_GEUMSE', '금새', '금세', "'금시에'가 줄어든 '금세'가 맞습니다.", "The word is '금세' (from 금시에)."),
  word('KO_SPELLING_WENIL', '왠일', '웬일', "'어찌 된'의 뜻은 '웬'입니다: 웬일.", "'웬일' is the right spelling."),
  word('KO_SPELLING_WAENJI', '웬지', '왠지', "'왜인지'가 줄면 '왠지'입니다.", "'왜인지' contracts to '왠지'."),
  word('KO_SPELLING_WENMAN', '왠만', '웬만', "'웬만하다'가 바른 말입니다.", "The word is '웬만하다'."),
  word('KO_SPELLING_HUIHAN', '희안', '희한', "'희한하다'가 바른 말입니다.", "The word is '희한하다'."),
  word('KO_SPELLING_SEOLGEOJI', '설겆이', '설거지', "'설거지'가 바른 말입니다.", "The word is '설거지'."),
  word('KO_SPELLING_ORAENMAN', '오랫만', '오랜만', "'오랜만'이 바른 말입니다 ('오래간만'의 준말).", "The word is '오랜만'."),
  word('KO_SPELLING_YEOKHAL', '역활', '역할', "'역할(役割)'이 바른 말입니다.", "The word is '역할'."),
  word(
    'KO_SPELLING_DAEGA',
    '댓가',
    '대가',
    "한자어 '대가(代價)'에는 사이시옷을 넣지 않습니다.",
    "'대가' (a Sino-Korean word) takes no ㅅ.",
  ),
  word('KO_SPELLING_EOIEOPDA', '어의없', '어이없', "'어이없다'가 바른 말입니다.", "The word is '어이없다'."),
  word('KO_SPELLING_SEOLLEM', '설레임', '설렘', "'설레다'의 명사형은 '설렘'입니다.", "The noun of '설레다' is '설렘'."),
  word('KO_SPELLING_BWAEYO', '뵈요', '봬요', "'뵈어요'가 줄면 '봬요'입니다.", "'뵈어요' contracts to '봬요'."),
  word('KO_SPELLING_GUTI', '(?<![가-힣])구지(?![가-힣])', '굳이', "'굳이'가 바른 말입니다.", "The word is '굳이'."),
  word('KO_SPELLING_DEUREONA', '들어나', '드러나', "'드러나다'가 바른 말입니다.", "The word is '드러나다'."),
  word('KO_SPELLING_DEUREONATT', '들어났', '드러났', "'드러나다'가 바른 말입니다.", "The word is '드러나다'."),
  word('KO_SPELLING_NUNSAL', '눈쌀', '눈살', "'눈살'이 바른 말입니다.", "The word is '눈살'."),
  word('KO_SPELLING_GOMGOMI', '곰곰히', '곰곰이', "'곰곰이'로 적습니다.", "Write '곰곰이'."),
  word('KO_SPELLING_KKAEKKEUSI', '깨끗히', '깨끗이', "'깨끗이'로 적습니다.", "Write '깨끗이'."),
  word('KO_SPELLING_ILILI', '일일히', '일일이', "'일일이'로 적습니다.", "Write '일일이'."),
  word('KO_SPELLING_TEUMTEUMI', '틈틈히', '틈틈이', "'틈틈이'로 적습니다.", "Write '틈틈이'."),
  word('KO_SPELLING_KKOMKKOMHI', '꼼꼼이', '꼼꼼히', "'꼼꼼히'로 적습니다.", "Write '꼼꼼히'."),
  word('KO_SPELLING_SOLJIKHI', '솔직이', '솔직히', "'솔직히'로 적습니다.", "Write '솔직히'."),
  word('KO_SPELLING_BEONBEONI', '번번히', '번번이', "'번번이'로 적습니다.", "Write '번번이'."),
  word('KO_SPELLING_NAEGEO', '(?<![가-힣])내꺼', '내 거', "'내 거'로 띄어 적습니다 ('꺼'가 아니라 '거').", "Write '내 거'."),
  {
    id: 'KO_STYLE_DOEEOJIDA',
    category: 'STYLE',
    severity: 'WARNING',
    // 되어지다 / 되어진 (이중 피동) → 되다 / 된
    pattern: /되어지(다|는|고|며|면|게|ㄴ)|되어진/g,
    replace: (m) => (m[0] === '되어진' ? '된' : `되${m[1]}`),
    message: L("'되어지다'는 이중 피동입니다. '되다'로 충분합니다.", "'되어지다' is a double passive; '되다' is enough."),
    short: L('이중 피동', 'Double passive'),
    examples: [{ wrong: '되어진', right: '된' }],
    clean: ['정리된 문서'],
  },
  // 한글 맞춤법 제47항, compounds, bound nouns, double passives, 로서/로써 (korean-house-rules.ts)
  ...KOREAN_HOUSE_RULES,
];
