/**
 * Demo projects (fictional teams, people from the accounts seeder): a dozen in every status with
 * positions, members and applications. Dates are relative to the day the demo is loaded.
 */
import type { ProjectBodyInput, ProjectStatus } from '@moim/contract';

/** Demo people by the local part of their e-mail (accounts seeder order). */
export type Who = 'leader' | 'member' | 'haneul' | 'doyun' | 'minjun' | 'seoyun' | 'jiho' | 'yerin' | 'seungwoo' | 'sua';
export const OTHERS: Who[] = ['haneul', 'doyun', 'minjun', 'seoyun', 'jiho', 'yerin', 'seungwoo', 'sua'];

export interface DemoApplication {
  who: Who;
  /** index into the project's positions */
  position: number;
  outcome: 'APPROVED' | 'PENDING' | 'REJECTED' | 'WITHDRAWN';
  note?: string;
}

export interface DemoProject {
  owner: Who;
  /** created this many days before today */
  daysAgo: number;
  /** the status it ends in */
  status: ProjectStatus;
  /** last recruiting day, days after creation (null: open-ended) */
  deadlineAfter: number | null;
  project: Omit<ProjectBodyInput, 'recruitmentDeadline' | 'startDate'> & { startAfter?: number };
  applications: DemoApplication[];
  /** distinct viewers to count */
  views: number;
}

const intro = (who: string) => `안녕하세요, ${who}입니다. 평일 저녁과 주말에 꾸준히 시간을 낼 수 있어요.`;
const motive = '사용자에게 바로 닿는 제품을 처음부터 끝까지 만들어 보고 싶어서 지원합니다. 코드 리뷰 문화가 있는 팀이면 좋겠어요.';

export const DEMO_PROJECTS: DemoProject[] = [
  {
    owner: 'member',
    daysAgo: 6,
    status: 'RECRUITING',
    deadlineAfter: 20,
    views: 42,
    project: {
      name: '모임 캘린더 — 스터디 일정 공유 앱',
      tagline: '스터디원끼리 일정 투표부터 출석까지 한 화면에서',
      type: 'SIDE_PROJECT',
      description:
        '<h3>무엇을 만드나요</h3><p>스터디를 운영하면 일정 조율에 생각보다 많은 시간이 듭니다. 가능한 시간을 투표로 모으고, 확정된 일정을 캘린더 구독(iCal)으로 내보내는 작은 웹앱을 만듭니다.</p><ul><li>가능 시간 투표와 자동 확정</li><li>출석 체크와 지각 알림</li><li>구글·애플 캘린더 구독</li></ul><p>MVP는 8주 안에 배포하는 것이 목표입니다.</p>',
      vision: '스터디 리더가 운영보다 공부에 시간을 쓰게 만드는 도구.',
      positions: [
        {
          name: '백엔드 개발자',
          requiredCount: 2,
          requiredSkills: ['Kotlin', 'Spring Boot'],
          preferredSkills: ['PostgreSQL', 'iCalendar'],
          responsibilities: '일정 투표 API, 캘린더 구독 피드, 알림 배치를 맡습니다.',
        },
        {
          name: '프론트엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['React', 'TypeScript'],
          preferredSkills: ['TanStack Query'],
          responsibilities: '투표 화면과 캘린더 뷰를 만듭니다.',
        },
      ],
      techStack: [
        { category: 'FRONTEND', name: 'React' },
        { category: 'FRONTEND', name: 'TypeScript' },
        { category: 'BACKEND', name: 'Kotlin' },
        { category: 'BACKEND', name: 'Spring Boot' },
        { category: 'DATABASE', name: 'PostgreSQL' },
      ],
      meeting: { type: 'ONLINE', frequency: '주 1회 화요일 21시 온라인 회의' },
      startAfter: 24,
      expectedDuration: '3개월',
      collaborationTools: ['GitHub', 'Discord', 'Figma'],
      compensation: '무보수 사이드 프로젝트 (서비스 수익은 팀원 공동 소유)',
      links: { repository: 'https://github.example.com/moim-calendar', contact: 'mailto:member@moim.dev' },
    },
    applications: [
      { who: 'jiho', position: 1, outcome: 'APPROVED' },
      { who: 'doyun', position: 0, outcome: 'PENDING' },
      { who: 'seungwoo', position: 0, outcome: 'PENDING' },
    ],
  },
  {
    owner: 'leader',
    daysAgo: 12,
    status: 'RECRUITING',
    deadlineAfter: 30,
    views: 87,
    project: {
      name: '한글 형태소 분석기 hanmorph',
      tagline: '가볍고 빠른 오픈소스 한국어 형태소 분석 라이브러리',
      type: 'OPEN_SOURCE',
      description:
        '<p>브라우저와 Node.js에서 돌아가는 한국어 형태소 분석기를 만듭니다. 사전은 공개 말뭉치에서 직접 구축하고, WebAssembly로 분석 속도를 끌어올립니다.</p><h3>기여 방법</h3><ul><li>사전 구축 파이프라인(Python)</li><li>분석 엔진(Rust → WASM)</li><li>문서와 예제</li></ul>',
      vision: '검색과 챗봇을 만드는 누구나 설치 한 줄로 쓰는 한국어 분석기.',
      positions: [
        {
          name: 'Rust 엔진 개발자',
          requiredCount: 2,
          requiredSkills: ['Rust'],
          preferredSkills: ['WebAssembly'],
          responsibilities: '분석 엔진과 WASM 바인딩을 개발합니다.',
        },
        {
          name: '데이터 엔지니어',
          requiredCount: 1,
          requiredSkills: ['Python'],
          preferredSkills: ['NLP'],
          responsibilities: '말뭉치 정제와 사전 빌드 파이프라인을 맡습니다.',
        },
        {
          name: '테크니컬 라이터',
          requiredCount: 1,
          requiredSkills: ['기술 문서 작성'],
          preferredSkills: [],
          responsibilities: '시작 가이드와 API 문서를 씁니다.',
        },
      ],
      techStack: [
        { category: 'BACKEND', name: 'Rust' },
        { category: 'BACKEND', name: 'Python' },
        { category: 'FRONTEND', name: 'WebAssembly' },
        { category: 'DEVOPS', name: 'GitHub Actions' },
      ],
      meeting: { type: 'ONLINE', frequency: '격주 토요일 오전 온라인 싱크' },
      startAfter: 35,
      expectedDuration: '6개월 이상 (장기)',
      collaborationTools: ['GitHub', 'Slack'],
      compensation: '오픈소스 기여 (MIT 라이선스)',
      links: { repository: 'https://github.example.com/hanmorph/hanmorph', demo: 'https://hanmorph.example.com' },
    },
    applications: [
      { who: 'minjun', position: 0, outcome: 'APPROVED' },
      { who: 'member', position: 1, outcome: 'PENDING' },
      {
        who: 'sua',
        position: 2,
        outcome: 'REJECTED',
        note: '이번에는 영어 문서 경험이 있는 분을 먼저 모시기로 했어요. 다음 모집 때 꼭 다시 지원해 주세요!',
      },
    ],
  },
  {
    owner: 'seoyun',
    daysAgo: 9,
    status: 'RECRUITING',
    deadlineAfter: 11,
    views: 35,
    project: {
      name: '책바꿈 — 동네 중고책 교환 플랫폼',
      tagline: '다 읽은 책을 이웃과 1:1로 바꿔 읽는 서비스',
      type: 'STARTUP',
      description:
        '<p>예비 창업팀입니다. 서울 마포구에서 오프라인 파일럿을 마쳤고, 모바일 앱으로 확장하려 합니다. 초기 지분 참여를 함께 논의할 분을 찾습니다.</p><ul><li>위치 기반 교환 매칭</li><li>책 상태 사진 인증</li><li>교환 후기와 신뢰도</li></ul>',
      vision: '동네마다 살아 있는 작은 도서관.',
      positions: [
        {
          name: '모바일 개발자',
          requiredCount: 1,
          requiredSkills: ['Flutter'],
          preferredSkills: ['Firebase'],
          responsibilities: 'iOS·Android 앱을 Flutter로 만듭니다.',
        },
        {
          name: '프로덕트 디자이너',
          requiredCount: 1,
          requiredSkills: ['Figma', 'UX 리서치'],
          preferredSkills: ['디자인 시스템'],
          responsibilities: '사용자 인터뷰와 앱 화면 설계를 맡습니다.',
        },
      ],
      techStack: [
        { category: 'MOBILE', name: 'Flutter' },
        { category: 'BACKEND', name: 'Firebase' },
        { category: 'DESIGN', name: 'Figma' },
      ],
      meeting: { type: 'HYBRID', frequency: '주 1회 온라인, 월 2회 망원동 오프라인', region: '서울 마포구' },
      startAfter: 14,
      expectedDuration: '6개월',
      collaborationTools: ['Notion', 'Slack', 'Figma'],
      compensation: '초기 지분 협의 (법인 설립 후)',
      links: { demo: 'https://bookswap.example.com', contact: 'https://forms.example.com/bookswap' },
    },
    applications: [
      { who: 'haneul', position: 1, outcome: 'APPROVED' },
      { who: 'yerin', position: 0, outcome: 'WITHDRAWN' },
    ],
  },
  {
    owner: 'doyun',
    daysAgo: 4,
    status: 'RECRUITING',
    deadlineAfter: 14,
    views: 18,
    project: {
      name: '산책갈개 — 반려견 산책 메이트 매칭',
      tagline: '같은 동네 반려견 보호자끼리 산책 시간을 맞춰요',
      type: 'STARTUP',
      description:
        '<p>성수동 반려견 커뮤니티에서 시작한 아이디어입니다. 산책 시간대와 반려견 성향으로 이웃을 매칭하고, 산책 기록을 함께 남깁니다.</p><h3>이번 모집</h3><p>백엔드와 데이터 분석을 함께할 분을 찾습니다. 주말 오프라인 모임은 성수역 근처 공유 오피스에서 합니다.</p>',
      vision: '혼자 하는 산책을 동네 친구와의 산책으로.',
      positions: [
        {
          name: '백엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['Node.js', 'TypeScript'],
          preferredSkills: ['PostGIS'],
          responsibilities: '매칭 API와 위치 기반 검색을 설계합니다.',
        },
        {
          name: '데이터 분석가',
          requiredCount: 1,
          requiredSkills: ['SQL'],
          preferredSkills: ['Python', 'Amplitude'],
          responsibilities: '매칭 품질 지표와 리텐션 분석을 맡습니다.',
        },
      ],
      techStack: [
        { category: 'BACKEND', name: 'Node.js' },
        { category: 'BACKEND', name: 'TypeScript' },
        { category: 'DATABASE', name: 'PostGIS' },
        { category: 'MOBILE', name: 'React Native' },
      ],
      meeting: { type: 'OFFLINE', frequency: '매주 토요일 오후', region: '서울 성동구 성수동' },
      startAfter: 18,
      expectedDuration: '4개월',
      collaborationTools: ['Linear', 'Slack'],
      compensation: '월 30만 원 활동비 + 초기 지분 협의',
      links: { contact: 'mailto:doyun@moim.dev' },
    },
    applications: [{ who: 'leader', position: 0, outcome: 'PENDING' }],
  },
  {
    owner: 'jiho',
    daysAgo: 3,
    status: 'RECRUITING',
    deadlineAfter: 5,
    views: 23,
    project: {
      name: '게임잼 팀: 2D 퍼즐 플랫포머 「반사」',
      tagline: '빛을 반사해 길을 여는 퍼즐 게임, 48시간 게임잼부터 출시까지',
      type: 'SIDE_PROJECT',
      description:
        '<p>부산 인디 게임잼에서 만든 프로토타입을 정식 출시까지 끌고 갈 팀을 꾸립니다. 스팀 데모 출시가 첫 목표입니다.</p><ul><li>레벨 30개 디자인</li><li>픽셀 아트 그래픽</li><li>스팀 페이지와 트레일러</li></ul>',
      vision: '작지만 끝까지 만든 게임 하나.',
      positions: [
        {
          name: '게임 클라이언트 개발자',
          requiredCount: 1,
          requiredSkills: ['Unity', 'C#'],
          preferredSkills: [],
          responsibilities: '퍼즐 기믹과 레벨 에디터를 구현합니다.',
        },
        {
          name: '픽셀 아티스트',
          requiredCount: 1,
          requiredSkills: ['Aseprite'],
          preferredSkills: ['애니메이션'],
          responsibilities: '캐릭터와 타일셋을 그립니다.',
        },
      ],
      techStack: [
        { category: 'ETC', name: 'Unity' },
        { category: 'ETC', name: 'C#' },
        { category: 'DESIGN', name: 'Aseprite' },
      ],
      meeting: { type: 'OFFLINE', frequency: '격주 일요일', region: '부산 해운대구' },
      startAfter: 7,
      expectedDuration: '5개월',
      collaborationTools: ['GitHub', 'Discord'],
      compensation: '스팀 수익 배분 (기여도에 따라)',
      links: {},
    },
    applications: [],
  },
  {
    owner: 'minjun',
    daysAgo: 15,
    status: 'RECRUITING',
    deadlineAfter: 25,
    views: 51,
    project: {
      name: 'Kotlin Multiplatform 가계부 「한푼」',
      tagline: '안드로이드와 iOS를 한 코드로, 영수증 찍으면 끝나는 가계부',
      type: 'SIDE_PROJECT',
      description:
        '<p>Kotlin Multiplatform으로 공통 로직을 나누고 Compose Multiplatform으로 화면을 만드는 실험적인 가계부입니다. 영수증 OCR은 기기 안에서 처리합니다.</p>',
      vision: '광고 없이, 데이터는 내 기기에만.',
      positions: [
        {
          name: 'Android 개발자',
          requiredCount: 1,
          requiredSkills: ['Kotlin', 'Jetpack Compose'],
          preferredSkills: [],
          responsibilities: '공통 모듈과 Android 앱을 맡습니다.',
        },
        {
          name: 'iOS 개발자',
          requiredCount: 1,
          requiredSkills: ['Swift'],
          preferredSkills: ['Kotlin Multiplatform'],
          responsibilities: 'iOS 연동과 배포를 맡습니다.',
        },
      ],
      techStack: [
        { category: 'MOBILE', name: 'Kotlin Multiplatform' },
        { category: 'MOBILE', name: 'Swift' },
        { category: 'MOBILE', name: 'Jetpack Compose' },
      ],
      meeting: { type: 'ONLINE', frequency: '주 2회 저녁 30분 스탠드업' },
      startAfter: 28,
      expectedDuration: '3개월',
      collaborationTools: ['GitHub', 'Notion'],
      compensation: '',
      links: { repository: 'https://github.example.com/hanpun/hanpun' },
    },
    applications: [
      { who: 'seungwoo', position: 0, outcome: 'APPROVED' },
      { who: 'sua', position: 1, outcome: 'APPROVED' },
    ],
  },
  {
    owner: 'haneul',
    daysAgo: 40,
    status: 'IN_PROGRESS',
    deadlineAfter: 14,
    views: 64,
    project: {
      name: '접근성 점검 크롬 확장 a11y-lens',
      tagline: '페이지를 열면 WCAG 위반을 바로 보여 주는 확장 프로그램',
      type: 'OPEN_SOURCE',
      description:
        '<p>명도 대비, 대체 텍스트, 키보드 초점 순서를 실시간으로 표시하는 크롬 확장입니다. 한국어 화면 낭독기 사용자 인터뷰를 바탕으로 우선순위를 정했습니다.</p>',
      vision: '접근성 점검을 배포 전 습관으로.',
      positions: [
        {
          name: '프론트엔드 개발자',
          requiredCount: 2,
          requiredSkills: ['TypeScript', 'Chrome Extension'],
          preferredSkills: ['axe-core'],
          responsibilities: '검사 규칙과 오버레이 UI를 만듭니다.',
        },
      ],
      techStack: [
        { category: 'FRONTEND', name: 'TypeScript' },
        { category: 'FRONTEND', name: 'Chrome Extension' },
        { category: 'DEVOPS', name: 'GitHub Actions' },
      ],
      meeting: { type: 'ONLINE', frequency: '주 1회 목요일 22시' },
      startAfter: 16,
      expectedDuration: '4개월',
      collaborationTools: ['GitHub', 'Discord'],
      compensation: '오픈소스 기여 (Apache-2.0)',
      links: { repository: 'https://github.example.com/a11y-lens/a11y-lens' },
    },
    applications: [
      { who: 'member', position: 0, outcome: 'APPROVED' },
      { who: 'yerin', position: 0, outcome: 'APPROVED' },
    ],
  },
  {
    owner: 'yerin',
    daysAgo: 30,
    status: 'IN_PROGRESS',
    deadlineAfter: 10,
    views: 29,
    project: {
      name: '개발자 이력서 리뷰 봇',
      tagline: '이력서 PDF를 올리면 문장 단위로 피드백하는 디스코드 봇',
      type: 'SIDE_PROJECT',
      description:
        '<p>주니어 개발자 커뮤니티에서 반복되는 이력서 리뷰 요청을 돕는 디스코드 봇입니다. 성과 중심 문장, 기술 스택 나열, 맞춤법을 점검합니다.</p>',
      vision: '첫 이력서의 막막함을 줄이기.',
      positions: [
        {
          name: '백엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['Python', 'FastAPI'],
          preferredSkills: ['LLM'],
          responsibilities: 'PDF 파싱과 피드백 파이프라인을 만듭니다.',
        },
        {
          name: '기획자',
          requiredCount: 1,
          requiredSkills: ['서비스 기획'],
          preferredSkills: [],
          responsibilities: '피드백 기준과 사용자 흐름을 정리합니다.',
        },
      ],
      techStack: [
        { category: 'BACKEND', name: 'Python' },
        { category: 'BACKEND', name: 'FastAPI' },
        { category: 'ETC', name: 'Discord API' },
      ],
      meeting: { type: 'ONLINE', frequency: '주 1회 일요일 저녁' },
      startAfter: 12,
      expectedDuration: '2개월',
      collaborationTools: ['GitHub', 'Discord'],
      compensation: '',
      links: {},
    },
    applications: [
      { who: 'doyun', position: 0, outcome: 'APPROVED' },
      { who: 'leader', position: 1, outcome: 'REJECTED', note: '기획은 팀 내부에서 맡기로 했습니다. 관심 가져 주셔서 감사해요.' },
    ],
  },
  {
    owner: 'leader',
    daysAgo: 120,
    status: 'COMPLETED',
    deadlineAfter: 10,
    views: 140,
    project: {
      name: '알고리즘 문제 추천 서비스 「오늘의 한 문제」',
      tagline: '푼 문제 기록으로 다음에 풀 문제를 골라 주는 서비스',
      type: 'SIDE_PROJECT',
      description:
        '<p>테코테코 스터디원들의 풀이 기록을 바탕으로 약한 유형의 문제를 매일 한 문제씩 추천했습니다. 3개월간 운영하고 마무리했습니다.</p><h3>회고</h3><p>추천 정확도보다 매일 알림이 습관을 만드는 데 더 효과적이었습니다.</p>',
      vision: '매일 한 문제의 힘.',
      positions: [
        {
          name: '백엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['Kotlin'],
          preferredSkills: ['Redis'],
          responsibilities: '추천 배치와 알림을 맡았습니다.',
        },
        {
          name: '프론트엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['React'],
          preferredSkills: [],
          responsibilities: '대시보드를 만들었습니다.',
        },
      ],
      techStack: [
        { category: 'BACKEND', name: 'Kotlin' },
        { category: 'DATABASE', name: 'Redis' },
        { category: 'FRONTEND', name: 'React' },
      ],
      meeting: { type: 'ONLINE', frequency: '주 1회' },
      startAfter: 14,
      expectedDuration: '3개월',
      collaborationTools: ['GitHub', 'Slack'],
      compensation: '',
      links: { repository: 'https://github.example.com/one-problem/one-problem', demo: 'https://one-problem.example.com' },
    },
    applications: [
      { who: 'member', position: 1, outcome: 'APPROVED' },
      { who: 'minjun', position: 0, outcome: 'APPROVED' },
    ],
  },
  {
    owner: 'sua',
    daysAgo: 90,
    status: 'COMPLETED',
    deadlineAfter: 7,
    views: 76,
    project: {
      name: '공공데이터 대기질 대시보드',
      tagline: '우리 동네 미세먼지를 한눈에, 공공데이터 오픈 API 활용',
      type: 'OPEN_SOURCE',
      description:
        '<p>에어코리아 공공데이터를 수집해 동네별 대기질 추이를 보여 주는 대시보드입니다. 공공데이터 활용 공모전에 출품했습니다.</p>',
      vision: '',
      positions: [
        {
          name: '데이터 시각화 개발자',
          requiredCount: 1,
          requiredSkills: ['D3.js'],
          preferredSkills: ['Svelte'],
          responsibilities: '지도와 시계열 차트를 만들었습니다.',
        },
      ],
      techStack: [
        { category: 'FRONTEND', name: 'Svelte' },
        { category: 'FRONTEND', name: 'D3.js' },
        { category: 'BACKEND', name: 'Go' },
      ],
      meeting: { type: 'ONLINE', frequency: '격주' },
      startAfter: 10,
      expectedDuration: '2개월',
      collaborationTools: ['GitHub'],
      compensation: '',
      links: { repository: 'https://github.example.com/airdash/airdash' },
    },
    applications: [{ who: 'haneul', position: 0, outcome: 'APPROVED' }],
  },
  {
    owner: 'seungwoo',
    daysAgo: 50,
    status: 'CANCELLED',
    deadlineAfter: 14,
    views: 12,
    project: {
      name: '사내 회의록 요약 도구',
      tagline: '녹음 파일을 올리면 결정 사항과 할 일을 뽑아 주는 도구',
      type: 'SIDE_PROJECT',
      description: '<p>팀원들의 일정이 맞지 않아 아쉽게도 프로젝트를 접게 되었습니다. 비슷한 아이디어가 있다면 연락 주세요.</p>',
      vision: '',
      positions: [
        {
          name: '백엔드 개발자',
          requiredCount: 1,
          requiredSkills: ['Go'],
          preferredSkills: [],
          responsibilities: '음성 인식 연동을 맡을 예정이었습니다.',
        },
      ],
      techStack: [{ category: 'BACKEND', name: 'Go' }],
      meeting: { type: 'ONLINE', frequency: '주 1회' },
      startAfter: 20,
      expectedDuration: '2개월',
      collaborationTools: ['Slack'],
      compensation: '',
      links: {},
    },
    applications: [{ who: 'jiho', position: 0, outcome: 'PENDING' }],
  },
  {
    owner: 'leader',
    daysAgo: 1,
    status: 'DRAFT',
    deadlineAfter: 21,
    views: 0,
    project: {
      name: '동네 카페 주문 키오스크 웹앱',
      tagline: '태블릿 하나로 시작하는 작은 카페의 주문 시스템 (작성 중)',
      type: 'STARTUP',
      description: '<p>아직 정리 중인 초안입니다. 결제 연동 범위를 정한 뒤 게시할 예정입니다.</p>',
      vision: '',
      positions: [
        {
          name: '풀스택 개발자',
          requiredCount: 1,
          requiredSkills: ['Next.js'],
          preferredSkills: ['결제 연동'],
          responsibilities: '주문 화면과 관리자 페이지를 만듭니다.',
        },
      ],
      techStack: [
        { category: 'FRONTEND', name: 'Next.js' },
        { category: 'DATABASE', name: 'SQLite' },
      ],
      meeting: { type: 'HYBRID', frequency: '미정', region: '경기 성남시' },
      expectedDuration: '2개월',
      collaborationTools: [],
      compensation: '',
      links: {},
    },
    applications: [],
  },
];

export const DEMO_INTRO = intro;
export const DEMO_MOTIVATION = motive;
