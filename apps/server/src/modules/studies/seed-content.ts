/**
 * The demo studies' words: titles, taglines, welcome messages and the composed page of the
 * flagship study 1-tecoteco. Dates are not here; the seeder places everything relative to now.
 */
import type { StudyPageSectionInput } from '@moim/contract';

export const TECOTECO_PAGE: StudyPageSectionInput[] = [
  {
    id: 'hero',
    type: 'hero',
    badge: '1기 모집 중',
    title: '테코테코 — 코딩테스트 알고리즘 스터디',
    subtitle: '매주 월·수 저녁, 같은 문제를 풀고 서로의 코드를 읽습니다. 혼자서는 멈추던 알고리즘 공부, 함께라면 끝까지 갑니다.',
  },
  {
    id: 'intro',
    type: 'richText',
    title: '테코테코는 이런 스터디예요',
    html: [
      '<p><strong>테코테코</strong>는 "테스트 코딩, 테스트 코딩"을 줄인 이름입니다. 취업·이직 코딩테스트를 준비하는 개발자들이 모여 ',
      '매주 정해진 주제의 문제를 풀고, 모임 시간에는 <em>풀이가 아니라 생각의 과정</em>을 나눕니다.</p>',
      '<ul><li>주 2회, 회당 2시간 온라인 모임 (디스코드)</li><li>주제별 필수 3문제 + 도전 2문제</li>',
      '<li>모든 풀이는 GitHub 저장소에 PR로 올리고 서로 리뷰합니다</li></ul>',
      '<blockquote>"정답을 맞히는 것보다, 다른 사람이 읽을 수 있는 코드를 쓰는 연습이 더 오래 남았어요." — 0기 참가자</blockquote>',
    ].join(''),
  },
  {
    id: 'leader',
    type: 'leaderIntro',
    title: '리더를 소개합니다',
    headline: '백엔드 개발자 · 코드 리뷰를 사랑하는 사람',
    bioHtml:
      '<p>핀테크 회사에서 5년째 서버를 만들고 있습니다. 세 번의 이직 준비를 하며 쌓은 문제 목록과 풀이 노트를 스터디와 함께 나눕니다.</p><p>목표는 하나, <strong>끝까지 같이 가는 것</strong>입니다.</p>',
    links: [
      { label: 'GitHub', url: 'https://github.example.com/jihoon-park' },
      { label: '블로그', url: 'https://blog.example.org/@jihoon' },
    ],
  },
  {
    id: 'how',
    type: 'howWeRoll',
    // step numbers, not emoji: a machine without an emoji font would draw empty boxes
    title: '이렇게 진행해요',
    items: [
      {
        icon: '1',
        title: '월요일: 문제 공개와 개념 정리',
        description: '주제 개념을 20분 동안 함께 정리하고, 이번 주 문제를 나눠 봅니다.',
      },
      {
        icon: '2',
        title: '주중: 각자 풀고 PR 올리기',
        description: '수요일 모임 전까지 풀이를 PR로 올리고, 최소 두 명의 풀이에 리뷰를 남깁니다.',
      },
      { icon: '3', title: '수요일: 풀이 발표', description: '랜덤으로 뽑힌 두 명이 풀이를 설명하고, 다른 접근을 함께 찾아봅니다.' },
      { icon: '4', title: '출석과 경고', description: '무단 결석 3회면 활동이 중지돼요. 미리 말하면 언제든 양해합니다.' },
    ],
  },
  {
    id: 'journey',
    type: 'journey',
    title: '8주 커리큘럼',
    steps: [
      { label: '1주차', title: '복잡도와 구현', description: '시간 복잡도 감각 익히기, 시뮬레이션 문제' },
      { label: '2주차', title: '정렬과 이분 탐색', description: '파라메트릭 서치까지' },
      { label: '3주차', title: '스택·큐·덱', description: '모노톤 스택, 슬라이딩 윈도우' },
      { label: '4주차', title: 'BFS/DFS', description: '격자 탐색, 백트래킹' },
      { label: '5주차', title: '최단 경로', description: '다익스트라, 0-1 BFS, 플로이드' },
      { label: '6주차', title: '다이나믹 프로그래밍 1', description: '점화식 세우기, 배낭 문제' },
      { label: '7주차', title: '다이나믹 프로그래밍 2', description: '구간 DP, 비트마스크 DP' },
      { label: '8주차', title: '모의 코딩테스트', description: '실전과 같은 3시간 모의고사와 회고' },
    ],
  },
  {
    id: 'faq',
    type: 'faq',
    title: '자주 묻는 질문',
    items: [
      {
        question: '알고리즘을 처음 공부하는데 괜찮을까요?',
        answerHtml: '<p>네! 필수 문제는 기초부터 시작합니다. 파이썬, 자바, 코틀린, C++ 모두 환영해요.</p>',
      },
      { question: '비용이 있나요?', answerHtml: '<p>테코테코는 <strong>무료</strong>입니다. 대신 출석과 PR 약속을 지켜 주세요.</p>' },
      {
        question: '중간에 합류할 수 있나요?',
        answerHtml: '<p>진행 중에도 자리가 있으면 신청을 받습니다. 지난 주차 문제는 저장소에서 볼 수 있어요.</p>',
      },
    ],
  },
  { id: 'members', type: 'members', title: '함께하는 사람들', showAttendance: true },
  { id: 'reviews', type: 'reviews', title: '지난 기수 후기', limit: 6 },
  {
    id: 'cta',
    type: 'callToAction',
    title: '다음 문제, 같이 풀어요',
    description: '자리가 남아 있는 동안 신청을 받습니다.',
    buttonLabel: '테코테코 신청하기',
  },
];

export const ROUTINE_PAGE: StudyPageSectionInput[] = [
  { id: 'hero', type: 'hero', title: '11시 루틴', subtitle: '평일 아침, 딱 11분. 어제 배운 것을 한 단락으로 남깁니다.' },
  {
    id: 'intro',
    type: 'richText',
    html: '<p>출근 전 11분 동안 각자 어제 배운 것을 짧게 기록하고 채널에 공유합니다. 금요일에는 한 주의 기록을 모아 <strong>기술 블로그 글 한 편</strong>으로 다듬어요.</p>',
  },
  {
    id: 'faq',
    type: 'faq',
    items: [
      {
        question: '아침형 인간이 아니어도 되나요?',
        answerHtml: '<p>모임은 07:00–07:11이지만, 그날 오전 11시까지만 올리면 출석으로 인정해요.</p>',
      },
    ],
  },
  { id: 'cta', type: 'callToAction', title: '작은 습관부터', buttonLabel: '루틴 시작하기' },
];

export const DEVLOG_PAGE: StudyPageSectionInput[] = [
  { id: 'hero', type: 'hero', title: '데브로그', subtitle: '한 달에 네 편, 읽히는 개발 글을 씁니다.' },
  {
    id: 'intro',
    type: 'richText',
    html: '<p>매주 토요일 오전, 초안을 가져와 서로 읽고 고칩니다. 주제는 자유, 기준은 하나 — <em>다른 개발자가 검색해서 찾아올 만한 글</em>.</p><ol><li>월: 주제 공유</li><li>목: 초안 마감</li><li>토: 합평과 발행</li></ol>',
  },
  { id: 'members', type: 'members' },
  { id: 'cta', type: 'callToAction', title: '이번 달 네 편, 같이 써요', buttonLabel: '데브로그 신청하기' },
];

export const MOTIVATIONS = [
  '혼자 하다 보니 자꾸 멈춰서, 함께 꾸준히 해 보고 싶어요.',
  '이직 준비 중입니다. 다른 분들의 풀이를 보며 시야를 넓히고 싶어요.',
  '작년에 시작했다가 흐지부지됐는데, 이번에는 끝까지 가 보려고 합니다.',
  '팀에서 코드 리뷰 문화를 만들고 있어서, 리뷰하는 연습을 하고 싶어요.',
  '주니어 개발자입니다. 꾸준히 기록하는 습관을 들이고 싶어요.',
  '퇴근 후 시간을 의미 있게 쓰고 싶어 신청합니다.',
  '같은 목표를 가진 동료를 만나고 싶어요.',
  '글쓰기와 개발을 같이 성장시키고 싶습니다.',
];
