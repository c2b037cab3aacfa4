/**
 * The studio's house rules for Korean spacing beyond the plain bound nouns (docs/studio.md
 * "Korean checks"), each with the examples it must catch and sentences it must leave alone:
 *
 * - 한글 맞춤법 제47항 (보조 용언): the rule allows both spellings; the house style is
 *   '-어지다' and '-어하다' attached (어려워지다, 좋아하다: they make one verb), '-고 싶다' and
 *   '-고 있다' apart, and other auxiliaries ('-어 보다/주다/버리다') apart, as a hint only.
 * - Compounds and counts: 여러 가지, 한 명, 다시 한번 (한번 = "once, try"), 한 번 더 (a count).
 * - Bound nouns that need context to tell apart: 지 (time since), 데 (place, use), 만 (after a
 *   time), 중, 게, 건, 동안, 전/후/뒤 after a time.
 * - Double passives beyond 되어지다 (보여지다, 쓰여지다, 잊혀지다 …) and 로서/로써.
 *
 * Like the rest of the table, these prefer silence to a false alarm: every context-dependent
 * rule names the words around it it needs.
 */
import { type KoreanRule, L } from './finding.ts';
import { JONG, jongseongIndex } from './segment.ts';

const SPACING = L('띄어쓰기', 'Spacing');
const NO_HANGUL_AFTER = '(?![가-힣])';

/** The last syllable with final consonant `jong` added (보이 + ㄴ → 보인). */
function withFinal(syllable: string, jong: number): string {
  const code = syllable.charCodeAt(0) - 0xac00;
  return String.fromCharCode(0xac00 + code - (code % 28) + jong);
}
const vowelIndex = (ch: string) => Math.floor(((ch.charCodeAt(0) - 0xac00) % 588) / 28);

// ---- 제47항: -어지다 / -어하다 attached

/** Forms of 지다 that follow '-어' (지다, 지는, 졌다, 질 …), followed by no more Hangul. */
const JIDA_FORMS =
  '(지다|지고|지기|지게|지는|지면|지며|지니|지지|지겠|지도록|지더라|지네|지잖아|진다|진|질|집니다|졌[가-힣]{0,3}|져서|져요|져도|져야|져)';
/** Nouns and adverbs that end like '-아/-어' but are not a verb form. */
const NOT_EO_FORM = /^(?:나라|바다|하나|아마|먼저|그래서|이어|사과|과자|다시|모여|우리|자꾸|조차|도저|저|거|여|서|너|아|어)$/;

const EOJIDA: KoreanRule = {
  id: 'KO_SPACING_EOJIDA',
  category: 'SPACING',
  severity: 'ERROR',
  pattern: new RegExp(`(?<![가-힣])([가-힣]{2,})\\s+${JIDA_FORMS}${NO_HANGUL_AFTER}`, 'g'),
  when: (m) => {
    const word = m[1]!;
    const last = word[word.length - 1]!;
    if (NOT_EO_FORM.test(word) || jongseongIndex(last) !== JONG.NONE) return false;
    // -아/-어/-워/-와/-여/-라/-러/-해/-려/-뻐/-퍼 …: ㅏ ㅐ ㅓ ㅕ ㅘ ㅝ
    return [0, 1, 4, 6, 9, 14].includes(vowelIndex(last));
  },
  replace: (m) => `${m[1]}${m[2]}`,
  message: L(
    "'-어지다'는 앞말에 붙여 씁니다 (한글 맞춤법 제47항, 하나의 동사가 됩니다): 어려워지다, 가까워졌다.",
    "Write '-어지다' attached to the word before it (Korean spelling rule 47): 어려워지다, 가까워졌다.",
  ),
  short: L('보조 용언 붙여 쓰기', 'Auxiliary: attach'),
  examples: [
    { wrong: '어려워 지기', right: '어려워지기' },
    { wrong: '가까워 졌다', right: '가까워졌다' },
    { wrong: '빨라 질', right: '빨라질' },
    { wrong: '가까워 졌다는', right: '가까워졌다는' },
    { wrong: '만들어 진', right: '만들어진' },
  ],
  clean: ['어려워지기 전에', '해 질 녘에 만났다', '나라 지도를 샀다', '먼저 진 팀이 청소한다', '그래서 지금은 괜찮다', '짐을 다 져서'],
};

/** Feelings that take '-어하다' (좋아하다, 싫어하다, 궁금해하다 …). */
const FEELINGS =
  '좋아|싫어|미워|기뻐|슬퍼|아파|무서워|두려워|부러워|귀찮아|고마워|반가워|즐거워|괴로워|힘들어|궁금해|답답해|불편해|아쉬워|그리워|부끄러워|창피해|지겨워|어색해|억울해|뿌듯해|행복해|만족스러워|자랑스러워|어려워';
const EOHADA: KoreanRule = {
  id: 'KO_SPACING_EOHADA',
  category: 'SPACING',
  severity: 'ERROR',
  pattern: new RegExp(
    `(?<![가-힣])(${FEELINGS})\\s+(하다|하는|하고|하기|하게|하면|하며|하지|한다|한|할|합니다|해요|해서|해도|했다|했고|했던|했어|했습니다|해)${NO_HANGUL_AFTER}`,
    'g',
  ),
  replace: (m) => `${m[1]}${m[2]}`,
  message: L(
    "'-어하다'는 앞말에 붙여 씁니다 (한글 맞춤법 제47항): 좋아하다, 궁금해하다.",
    "Write '-어하다' attached (Korean spelling rule 47): 좋아하다, 궁금해하다.",
  ),
  short: L('보조 용언 붙여 쓰기', 'Auxiliary: attach'),
  examples: [
    { wrong: '좋아 하는', right: '좋아하는' },
    { wrong: '궁금해 했다', right: '궁금해했다' },
  ],
  clean: ['좋아하는 일', '좋아 보인다', '아파 죽겠다'],
};

// ---- 제47항: -고 싶다 / -고 있다 apart

const GO_ISSDA: KoreanRule = {
  id: 'KO_SPACING_GO_ISSDA',
  category: 'SPACING',
  severity: 'ERROR',
  pattern: /([가-힣])고(싶|있)/g,
  when: (m, text) => {
    const word = text.slice(0, m.index + 1).match(/[가-힣]+$/)?.[0] ?? '';
    // 최고, 광고, 재고, 사고, 창고, 참고 … are nouns ("재고있음" is rare enough to leave alone)
    return !(word.length <= 2 && /(?:최|광|재|창|참|경|원|잔|연|공)$/.test(word));
  },
  replace: (m) => `${m[1]}고 ${m[2]}`,
  message: L("'-고 싶다', '-고 있다'는 띄어 씁니다.", "Write '-고 싶다' and '-고 있다' with a space."),
  short: SPACING,
  examples: [
    { wrong: '하고싶다', right: '하고 싶다' },
    { wrong: '알고있다', right: '알고 있다' },
  ],
  clean: ['하고 싶다', '최고있는 선택', '광고있음', '보고 있다'],
};

// ---- other auxiliaries apart, as a hint (both spellings are allowed)

const AUX_HINT: KoreanRule = {
  id: 'KO_SPACING_AUX_HINT',
  category: 'SPACING',
  severity: 'HINT',
  // 찾아보다, 알아보다, 살펴보다, 알아주다, 들어주다, 돌려주다 are words of their own: not listed.
  pattern:
    /(?<![가-힣])(해|써|읽어|만들어|바꿔|고쳐|적어|열어|눌러|먹어|입어|실행해|설치해|정리해|확인해|사용해|시도해|검토해|공부해|설명해)(보|봤|볼|봐|봅|줘|주|줬|줄|줍|버렸|버리|버린)/g,
  replace: (m) => `${m[1]} ${m[2]}`,
  message: L(
    "보조 용언은 띄어 쓰는 것이 원칙입니다 (붙여 써도 틀리지는 않습니다): '해 보다', '알려 주다'.",
    "Auxiliary verbs are written apart by default (attached is allowed): '해 보다', '알려 주다'.",
  ),
  short: L('보조 용언 띄어 쓰기', 'Auxiliary: apart'),
  examples: [
    { wrong: '해보', right: '해 보' },
    { wrong: '만들어봤', right: '만들어 봤' },
    { wrong: '설명해줬', right: '설명해 줬' },
  ],
  clean: ['해 보았다', '찾아보았다', '알아보니', '살펴보면', '도와주었다', '올해보다 낫다'],
};

// ---- compounds and counts

const YEOREO: KoreanRule = {
  id: 'KO_SPACING_YEOREO',
  category: 'SPACING',
  severity: 'ERROR',
  // 여러분 is one word; 여러 가지, 여러 번, 여러 개 are two.
  pattern: /(?<![가-힣])여러(가지|번|개|명|곳|날|차례|사람|군데|방면)/g,
  replace: (m) => `여러 ${m[1]}`,
  message: L("'여러'는 뒤의 말과 띄어 씁니다: 여러 가지, 여러 번.", "Write '여러' apart: 여러 가지, 여러 번."),
  short: SPACING,
  examples: [
    { wrong: '여러가지', right: '여러 가지' },
    { wrong: '여러번', right: '여러 번' },
  ],
  clean: ['여러분 안녕하세요', '여러 가지 방법'],
};

const COUNT_AFTER = '(?=(?:[이가을를은는의도만씩과와에]|에서|까지|부터|이나|밖에|이면|으로|째)?(?![가-힣]))';
const COUNTS: KoreanRule = {
  id: 'KO_SPACING_COUNT',
  category: 'SPACING',
  severity: 'ERROR',
  pattern: new RegExp(
    `(?<![가-힣])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇)(명|개|마리|권|잔|군데|사람|시간|달|가지|번째|개월)${COUNT_AFTER}`,
    'g',
  ),
  // 한가지(= the same), 한사람(= the same person) and 열개(= to open) are words of their own
  when: (m) => !(m[1] === '한' && (m[2] === '가지' || m[2] === '사람')) && !(m[1] === '열' && m[2] === '개'),
  replace: (m) => `${m[1]} ${m[2]}`,
  message: L('수를 나타내는 말과 단위는 띄어 씁니다: 한 명, 두 개, 세 시간.', 'Write a number word apart from its unit: 한 명, 두 개.'),
  short: SPACING,
  examples: [
    { wrong: '한명', right: '한 명' },
    { wrong: '두개', right: '두 개' },
    { wrong: '세시간', right: '세 시간' },
  ],
  clean: ['한 명이 왔다', '두개골', '한가지로 같다', '네명함'],
};

const DASI_HANBEON: KoreanRule = {
  id: 'KO_SPACING_HANBEON',
  category: 'SPACING',
  severity: 'WARNING',
  // 다시 한번 (한번 = "once more, try"): one word after 다시; 한 번 더 counts, so apart.
  pattern: /(?<![가-힣])(?:다시한번|다시\s+한\s+번(?!\s*더|째)|한번(?=\s+더(?![가-힣])))/g,
  replace: (m) => (m[0].startsWith('다시') ? '다시 한번' : '한 번'),
  message: L(
    "'다시 한번'의 '한번'은 한 단어로 붙여 쓰고, 횟수를 셀 때('한 번 더')는 띄어 씁니다.",
    "'다시 한번' (once again) writes 한번 as one word; counting ('한 번 더') writes it apart.",
  ),
  short: SPACING,
  examples: [
    { wrong: '다시한번', right: '다시 한번' },
    { wrong: '다시 한 번', right: '다시 한번' },
    { wrong: '한번 더', right: '한 번 더' },
  ],
  clean: ['다시 한번 확인했다', '한 번 더 해 보자', '한번 해 보자', '다시 한 번 더 했다'],
};

// ---- bound nouns that need the words around them

const JI_SINCE: KoreanRule = {
  id: 'KO_SPACING_JI',
  category: 'SPACING',
  severity: 'ERROR',
  // 시작한지 3년이 되었다 → 시작한 지 (time since): only with a time and 되다/지나다/넘다 after it
  pattern:
    /([가-힣])지(?=\s+(?:(?:벌써|거의|꽤|이제|한)\s+)?(?:(?:[0-9]+|몇|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|반)\s?(?:년|달|개월|주|주일|일|시간|분|해)[가-힣]{0,2}\s+(?:되었|됐|된다|되어|돼|지났|지나|넘었|흘렀)|오래\s?(?:되|됐)))/g,
  when: (m) => jongseongIndex(m[1]) === JONG.NIEUN && m[1] !== '인',
  replace: (m) => `${m[1]} 지`,
  message: L("시간이 지난 동안을 뜻하는 '지'는 띄어 씁니다: 시작한 지 3년.", "'지' meaning 'since' is written apart: 시작한 지 3년."),
  short: SPACING,
  examples: [
    { wrong: '시작한지 3년이 되었다', right: '시작한 지 3년이 되었다' },
    { wrong: '배운지 벌써 1년이 지났다', right: '배운 지 벌써 1년이 지났다' },
    { wrong: '들어온지 두 달이 넘었다', right: '들어온 지 두 달이 넘었다' },
    { wrong: '배운지 오래됐다', right: '배운 지 오래됐다' },
  ],
  clean: ['배운 지 오래됐다', '좋은지 나쁜지 모르겠다', '시작한 지 3년이 되었다', '어떤지 궁금하다', '맞는지 확인하고 배포하면 된다'],
};

const DE_USE: KoreanRule = {
  id: 'KO_SPACING_DE',
  category: 'SPACING',
  severity: 'WARNING',
  // 이해하는데 도움이 되었다 → 이해하는 데 (데 = 일, 경우): only before 도움/걸리다/들다/필요하다
  pattern: /([가-힣]는)데(?=\s+(?:[가-힣0-9]+\s+){0,2}(?:도움|걸렸|걸리|걸린|들었|든다|드는|필요하|필요한|쓰였|쓰인|쓰이))/g,
  replace: (m) => `${m[1]} 데`,
  message: L(
    "일이나 경우를 뜻하는 '데'는 띄어 씁니다: 이해하는 데 도움이 된다.",
    "'데' meaning 'in doing' is written apart: 이해하는 데 도움이 된다.",
  ),
  short: SPACING,
  examples: [
    { wrong: '이해하는데 도움이', right: '이해하는 데 도움이' },
    { wrong: '배포하는데 시간이 걸렸다', right: '배포하는 데 시간이 걸렸다' },
  ],
  clean: ['비가 오는데 우산이 없다', '이해하는 데 도움이 된다'],
};

const MAN_AFTER_TIME: KoreanRule = {
  id: 'KO_SPACING_MAN',
  category: 'SPACING',
  severity: 'ERROR',
  // 3년만에, 며칠만에 → 3년 만에 (오랜만에 is one word)
  pattern: /([0-9]+\s?(?:년|개월|달|주|일|시간|분|초)|며칠|몇\s?(?:년|달|주|시간)|일주일|한참)만(?=에|이다|이야|이네|입니다|이에요)/g,
  replace: (m) => `${m[1]} 만`,
  message: L("시간이 지났음을 뜻하는 '만'은 띄어 씁니다: 3년 만에.", "'만' after a length of time is written apart: 3년 만에."),
  short: SPACING,
  examples: [
    { wrong: '3년만에', right: '3년 만에' },
    { wrong: '며칠만에', right: '며칠 만에' },
  ],
  clean: ['오랜만에 만났다', '3년 만에 만났다', '하루만 쉬자'],
};

const TIME_BEFORE_AFTER: KoreanRule = {
  id: 'KO_SPACING_TIME',
  category: 'SPACING',
  severity: 'ERROR',
  // 3일전, 2시간후, 1년동안 → 3일 전 … (그동안, 오랫동안 are words; no number, no finding)
  pattern:
    /([0-9]+\s?(?:년|개월|달|주|일|시간|분|초)|며칠|일주일|한\s?달)(전|후|뒤|동안)(?=(?:에|에는|에도|부터|까지|의|이|은|이다|입니다)?(?![가-힣]))/g,
  replace: (m) => `${m[1]} ${m[2]}`,
  message: L("시간 뒤의 '전·후·뒤·동안'은 띄어 씁니다: 3일 전, 1년 동안.", "Write '전/후/뒤/동안' apart after a time: 3일 전, 1년 동안."),
  short: SPACING,
  examples: [
    { wrong: '3일전', right: '3일 전' },
    { wrong: '1년동안', right: '1년 동안' },
    { wrong: '일주일후', right: '일주일 후' },
  ],
  clean: ['그동안 고마웠다', '오랫동안 기다렸다', '3일 전에 왔다', '일전에 말했다'],
};

const JUNG: KoreanRule = {
  id: 'KO_SPACING_JUNG',
  category: 'SPACING',
  severity: 'ERROR',
  pattern:
    /(?<![가-힣])(회의|진행|개발|작업|공사|통화|수업|식사|사용|검토|준비|테스트|운영|배포|실행|근무|휴가|출장|업데이트|점검|논의|협의|이동|녹화|방송)중(?=(?:이|인|입니다|이다|이라|이었|이던|에|에는|에도|이에요|이야)?(?![가-힣]))/g,
  replace: (m) => `${m[1]} 중`,
  message: L("'중'은 앞말과 띄어 씁니다: 회의 중, 진행 중.", "Write '중' apart: 회의 중, 진행 중."),
  short: SPACING,
  examples: [
    { wrong: '회의중', right: '회의 중' },
    { wrong: '진행중인', right: '진행 중인' },
  ],
  clean: ['진행 중이다', '은연중에', '부지불식중', '개발중요성'],
};

const GE_THING: KoreanRule = {
  id: 'KO_SPACING_GE',
  category: 'SPACING',
  severity: 'WARNING',
  // 할게 많다, 먹을게 없다 → 할 게 (게 = 것이), only before 많다/없다/있다/뭐/아니다
  pattern: /([가-힣])게(?=\s+(?:많|없|있|뭐|아니|하나도|별로))/g,
  when: (m) => jongseongIndex(m[1]) === JONG.RIEUL || m[1] === '는' || m[1] === '던',
  replace: (m) => `${m[1]} 게`,
  message: L("'것이'의 준말 '게'는 띄어 씁니다: 할 게 많다.", "'게' (= 것이) is written apart: 할 게 많다."),
  short: SPACING,
  examples: [
    { wrong: '할게 많다', right: '할 게 많다' },
    { wrong: '먹을게 없다', right: '먹을 게 없다' },
  ],
  clean: ['내가 할게.', '할 게 많다', '빠르게 있다가'],
};

const GEON_THING: KoreanRule = {
  id: 'KO_SPACING_GEON',
  category: 'SPACING',
  severity: 'ERROR',
  // 하는건, 했던건 → 하는 건 (건 = 것은)
  pattern: /([가-힣](?:는|던))건(?=[\s.,!?]|$)/g,
  replace: (m) => `${m[1]} 건`,
  message: L("'것은'의 준말 '건'은 띄어 씁니다: 하는 건.", "'건' (= 것은) is written apart: 하는 건."),
  short: SPACING,
  examples: [
    { wrong: '하는건', right: '하는 건' },
    { wrong: '했던건', right: '했던 건' },
  ],
  clean: ['하는 건 쉽다', '조건이 있다', '사건이 있었다'],
};

// ---- double passives and 로서/로써

const DOUBLE_PASSIVE_STEMS: Record<string, string> = {
  보여: '보이',
  쓰여: '쓰이',
  잊혀: '잊히',
  읽혀: '읽히',
  불려: '불리',
  믿겨: '믿기',
  닫혀: '닫히',
  놓여: '놓이',
  나뉘어: '나뉘',
  짜여: '짜이',
};
const DOUBLE_PASSIVE: KoreanRule = {
  id: 'KO_STYLE_DOUBLE_PASSIVE',
  category: 'STYLE',
  severity: 'WARNING',
  pattern: /(보여|쓰여|잊혀|읽혀|불려|믿겨|닫혀|놓여|나뉘어|짜여)(지(?:다|고|는|기|게|면|며)|진|질|집니다|졌|져)/g,
  replace: (m) => {
    const stem = DOUBLE_PASSIVE_STEMS[m[1]!]!;
    const form = m[2]!;
    const head = stem.slice(0, -1);
    const last = stem[stem.length - 1]!;
    if (form === '진') return head + withFinal(last, 4);
    if (form === '질') return head + withFinal(last, 8);
    if (form === '집니다') return `${head}${withFinal(last, 17)}니다`;
    if (form === '졌') return m[1]!.slice(0, -1) + withFinal(m[1]!.slice(-1), 20);
    if (form === '져') return m[1]!;
    return stem + form.slice(1);
  },
  message: L(
    "이중 피동입니다. '-이/히/리/기-'에 '-어지다'를 겹치지 않습니다: 보여지다 → 보이다.",
    'A double passive: a passive verb does not take -어지다 again (보여지다 → 보이다).',
  ),
  short: L('이중 피동', 'Double passive'),
  examples: [
    { wrong: '보여진', right: '보인' },
    { wrong: '쓰여졌', right: '쓰였' },
    { wrong: '잊혀지는', right: '잊히는' },
  ],
  clean: ['보여 주었다', '잘 보인다', '만들어진 코드'],
};

const ROSEO_STATUS =
  '개발자|사람|리더|팀장|학생|선배|후배|부모|엔지니어|디자이너|기획자|팀원|동료|사용자|입장|자격|회사|팀|개인|전문가|초보자|신입';
const ROSEO: KoreanRule = {
  id: 'KO_GRAMMAR_ROSEO',
  category: 'GRAMMAR',
  severity: 'WARNING',
  pattern: new RegExp(
    `(?<![가-힣])(?:(${ROSEO_STATUS})(으로써|로써)|(방법|수단|도구|대화|노력|실험|자동화|테스트)(으로서|로서)|이로서)${NO_HANGUL_AFTER}`,
    'g',
  ),
  replace: (m) => {
    if (m[0] === '이로서') return '이로써';
    if (m[1]) return `${m[1]}${m[2] === '으로써' ? '으로서' : '로서'}`;
    return `${m[3]}${m[4] === '으로서' ? '으로써' : '로써'}`;
  },
  message: L(
    "자격·지위는 '로서'(개발자로서), 수단·방법은 '로써'(대화로써)입니다.",
    "'로서' marks a role (개발자로서), '로써' a means (대화로써).",
  ),
  short: L('로서/로써', '로서/로써'),
  examples: [
    { wrong: '개발자로써', right: '개발자로서' },
    { wrong: '대화로서', right: '대화로써' },
    { wrong: '이로서', right: '이로써' },
  ],
  clean: ['개발자로서 일했다', '대화로써 풀었다', '이로써 끝났다'],
};

export const KOREAN_HOUSE_RULES: readonly KoreanRule[] = [
  DASI_HANBEON,
  EOJIDA,
  EOHADA,
  GO_ISSDA,
  AUX_HINT,
  YEOREO,
  COUNTS,
  JI_SINCE,
  DE_USE,
  MAN_AFTER_TIME,
  TIME_BEFORE_AFTER,
  JUNG,
  GE_THING,
  GEON_THING,
  DOUBLE_PASSIVE,
  ROSEO,
];
