/**
 * Generated demo postings (never scraped): fictional Korean companies, realistic roles, skills,
 * levels, salaries and deadlines, made by a seeded PRNG so the same seed and day always give the
 * same postings. The demo seeder loads a few hundred at first start; the search benchmark makes
 * 100,000 with the same generator.
 */
import { addDays, type JobPostingInput } from '@moim/contract';
import { josa } from 'es-hangul';

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Company {
  name: string;
  nameEn: string;
  slug: string;
  field: string;
  location: string;
}

export const DEMO_COMPANIES: Company[] = [
  ['한빛페이', 'Hanbit Pay', 'hanbitpay', '간편결제', '서울 강남구 테헤란로'],
  ['오로라모빌리티', 'Aurora Mobility', 'aurora', '모빌리티', '판교 (성남시 분당구)'],
  ['새벽배송랩', 'Saebyeok Delivery Lab', 'saebyeok', '신선식품 커머스', '서울 송파구 문정동'],
  ['누리헬스케어', 'Nuri Healthcare', 'nuri', '디지털 헬스케어', '서울 성동구 성수동'],
  ['바다소프트', 'Bada Soft', 'badasoft', 'B2B SaaS', '부산 해운대구 센텀'],
  ['초록에듀', 'Chorok Edu', 'chorokedu', '에듀테크', '서울 마포구 상암동'],
  ['별빛게임즈', 'Byeolbit Games', 'byeolbit', '모바일 게임', '판교 (성남시 분당구)'],
  ['구름데이터', 'Gureum Data', 'gureum', '데이터 플랫폼', '서울 강남구 역삼동'],
  ['모래시계랩스', 'Hourglass Labs', 'hourglass', '생성형 AI', '서울 서초구 서초동'],
  ['다온커머스', 'Daon Commerce', 'daon', '오픈마켓', '서울 구로구 구로디지털단지'],
  ['한결보험', 'Hangyeol Insurance', 'hangyeol', '인슈어테크', '서울 중구 을지로'],
  ['라온로보틱스', 'Raon Robotics', 'raon', '물류 로봇', '대전 유성구'],
  ['푸른여행', 'Pureun Travel', 'pureun', '여행 플랫폼', '서울 종로구'],
  ['미리내뱅크', 'Mirinae Bank', 'mirinae', '인터넷 은행', '판교 (성남시 분당구)'],
  ['하늘물류', 'Haneul Logistics', 'haneul', '풀필먼트', '인천 연수구 송도동'],
  ['소리뮤직', 'Sori Music', 'sori', '음악 스트리밍', '서울 마포구 합정동'],
  ['도담프롭테크', 'Dodam PropTech', 'dodam', '프롭테크', '서울 강남구 삼성동'],
  ['온새미로', 'Onsaemiro', 'onsaemiro', '취미 커뮤니티', '서울 성동구 성수동'],
  ['가온보안', 'Gaon Security', 'gaon', '클라우드 보안', '서울 영등포구 여의도동'],
  ['나래클라우드', 'Narae Cloud', 'narae', '퍼블릭 클라우드', '판교 (성남시 분당구)'],
  ['봄날푸드', 'Bomnal Food', 'bomnal', '푸드테크', '서울 강동구 천호동'],
  ['해오름에너지', 'Haeoreum Energy', 'haeoreum', '에너지 관리', '울산 남구'],
  ['이음채용', 'Ieum Careers', 'ieum', 'HR 테크', '서울 강남구 논현동'],
  ['반디의료AI', 'Bandi Medical AI', 'bandi', '의료 영상 AI', '서울 송파구 잠실동'],
  ['산들패션', 'Sandeul Fashion', 'sandeul', '패션 커머스', '서울 성동구 성수동'],
  ['별하나증권', 'Byeolhana Securities', 'byeolhana', '모바일 증권', '서울 영등포구 여의도동'],
  ['꿈틀스튜디오', 'Kkumteul Studio', 'kkumteul', '웹툰·콘텐츠', '서울 마포구 서교동'],
  ['마루자동차', 'Maru Motors', 'maru', '차량용 소프트웨어', '경기 화성시'],
  ['한울통신', 'Hanul Telecom', 'hanul', '통신', '서울 중구 명동'],
  ['시냇물핀테크', 'Sinaetmul Fintech', 'sinaetmul', '개인 자산관리', '서울 강남구 선릉'],
  ['고운펫', 'Goun Pet', 'gounpet', '반려동물 플랫폼', '서울 서초구 양재동'],
  ['새롬스마트팜', 'Saerom SmartFarm', 'saerom', '스마트팜', '세종 나성동'],
  ['파랑모바일', 'Parang Mobile', 'parang', '모바일 앱 스튜디오', '제주 제주시'],
  ['다솜케어', 'Dasom Care', 'dasom', '돌봄 서비스', '대구 수성구'],
  ['빛고을소프트', 'Bitgoeul Soft', 'bitgoeul', '공공 SI', '광주 북구 첨단'],
  ['한아름마켓', 'Hanareum Market', 'hanareum', '중고 거래', '서울 관악구 봉천동'],
  ['두리번지도', 'Duribeon Maps', 'duribeon', '지도·위치', '판교 (성남시 분당구)'],
  ['너울미디어', 'Neoul Media', 'neoul', '뉴스 미디어', '서울 마포구 상암동'],
  ['아라항공', 'Ara Air', 'araair', '저비용 항공', '부산 강서구'],
  ['세움건설테크', 'Seum ConTech', 'seum', '건설 테크', '서울 강남구 대치동'],
].map(([name, nameEn, slug, field, location]) => ({ name: name!, nameEn: nameEn!, slug: slug!, field: field!, location: location! }));

interface Role {
  title: string;
  area: string;
  required: string[];
  preferred: string[];
  work: string[];
}

const ROLES: Role[] = [
  {
    title: '백엔드 개발자 (Java/Spring)',
    area: '서버',
    required: ['Java', 'Spring Boot', 'JPA', 'MySQL'],
    preferred: ['Kafka', 'Redis', 'AWS', 'Kubernetes', 'MSA'],
    work: ['대용량 트래픽을 처리하는 API 설계와 개발', '결제·주문 도메인의 트랜잭션 설계', '레거시 모놀리스를 서비스 단위로 나누는 일'],
  },
  {
    title: '백엔드 엔지니어 (Kotlin)',
    area: '서버',
    required: ['Kotlin', 'Spring Boot', 'PostgreSQL'],
    preferred: ['Kafka', 'gRPC', 'Docker', 'DDD'],
    work: ['코틀린 코루틴 기반의 비동기 서버 개발', '도메인 모델 설계와 테스트 자동화', '사내 플랫폼 API 개발'],
  },
  {
    title: '서버 개발자 (Node.js)',
    area: '서버',
    required: ['Node.js', 'TypeScript', 'NestJS', 'PostgreSQL'],
    preferred: ['AWS', 'Redis', 'GraphQL', 'Docker'],
    work: ['NestJS로 만드는 고객용 API', 'GraphQL 게이트웨이 운영', '실시간 알림 서버 개발'],
  },
  {
    title: '백엔드 개발자 (Go)',
    area: '서버',
    required: ['Go', 'gRPC', 'PostgreSQL'],
    preferred: ['Kubernetes', 'Kafka', 'Prometheus'],
    work: ['Go로 작성된 고성능 마이크로서비스 개발', '서비스 간 gRPC 통신 설계', '장애 대응과 관측 가능성 개선'],
  },
  {
    title: '백엔드 개발자 (Python)',
    area: '서버',
    required: ['Python', 'Django', 'PostgreSQL'],
    preferred: ['FastAPI', 'AWS', 'Redis', 'Docker'],
    work: ['Django 기반 서비스 백엔드 개발', '내부 운영 도구 개발', '외부 파트너 연동 API 개발'],
  },
  {
    title: '프론트엔드 개발자 (React)',
    area: '웹',
    required: ['JavaScript', 'TypeScript', 'React'],
    preferred: ['Next.js', 'TanStack Query', 'Storybook', 'Jest'],
    work: ['React와 TypeScript로 만드는 고객용 웹', '디자인 시스템 컴포넌트 개발', '웹 성능과 접근성 개선'],
  },
  {
    title: '프론트엔드 엔지니어 (Vue.js)',
    area: '웹',
    required: ['JavaScript', 'Vue.js', 'HTML', 'CSS'],
    preferred: ['TypeScript', 'Vite', 'Figma'],
    work: ['Vue 3로 만드는 관리자 화면', '반응형 웹 개발', '프론트엔드 빌드 파이프라인 개선'],
  },
  {
    title: 'iOS 개발자',
    area: '모바일',
    required: ['Swift', 'iOS'],
    preferred: ['SwiftUI', 'Git', 'CI/CD'],
    work: ['SwiftUI로 새 화면 개발', '앱 안정성(크래시율) 개선', '모듈화와 빌드 시간 단축'],
  },
  {
    title: '안드로이드 개발자',
    area: '모바일',
    required: ['Kotlin', 'Android'],
    preferred: ['Jetpack Compose', 'Git', 'CI/CD'],
    work: ['Jetpack Compose 전환', '앱 성능 개선', '결제·인증 등 핵심 기능 개발'],
  },
  {
    title: 'Flutter 앱 개발자',
    area: '모바일',
    required: ['Dart', 'Flutter'],
    preferred: ['Git', 'Firebase', 'CI/CD'],
    work: ['Flutter로 iOS·안드로이드 앱 동시 개발', '앱 배포 자동화', '디자인 시스템 위젯 개발'],
  },
  {
    title: '데이터 엔지니어',
    area: '데이터',
    required: ['Python', 'SQL', 'Spark', 'Airflow'],
    preferred: ['Kafka', 'BigQuery', 'dbt', 'AWS'],
    work: ['배치·스트리밍 데이터 파이프라인 구축', '데이터 웨어하우스 모델링', '데이터 품질 모니터링'],
  },
  {
    title: '머신러닝 엔지니어',
    area: 'AI',
    required: ['Python', 'PyTorch', 'Machine Learning'],
    preferred: ['LLM', 'Kubernetes', 'AWS', 'Deep Learning'],
    work: ['추천·검색 모델 학습과 서빙', '모델 실험 파이프라인 구축', '온라인 A/B 테스트 설계'],
  },
  {
    title: 'DevOps 엔지니어',
    area: '인프라',
    required: ['Linux', 'Kubernetes', 'Terraform', 'AWS'],
    preferred: ['Prometheus', 'Grafana', 'Argo CD', 'GitHub Actions'],
    work: ['쿠버네티스 클러스터 운영', '인프라 코드화(IaC)', '배포 파이프라인 개선과 비용 최적화'],
  },
  {
    title: 'SRE 엔지니어',
    area: '인프라',
    required: ['Linux', 'Kubernetes', 'Prometheus'],
    preferred: ['Go', 'Grafana', 'Terraform', 'GCP'],
    work: ['서비스 수준 목표(SLO) 정의와 운영', '장애 대응 자동화', '관측 가능성 플랫폼 구축'],
  },
  {
    title: '풀스택 개발자',
    area: '웹',
    required: ['TypeScript', 'React', 'Node.js'],
    preferred: ['PostgreSQL', 'AWS', 'Docker', 'Next.js'],
    work: ['제품의 처음부터 끝까지 개발', '빠른 실험과 출시', '사내 도구 개발'],
  },
  {
    title: '데이터 분석가',
    area: '데이터',
    required: ['SQL', 'Python', 'Tableau'],
    preferred: ['Pandas', 'BigQuery'],
    work: ['핵심 지표 대시보드 운영', '실험 결과 분석', '사업 부서와 함께 문제 정의'],
  },
  {
    title: 'LLM 애플리케이션 엔지니어',
    area: 'AI',
    required: ['Python', 'LLM', 'LangChain'],
    preferred: ['FastAPI', 'AWS', 'NLP'],
    work: ['LLM 기반 상담·검색 기능 개발', '프롬프트와 평가 체계 구축', 'RAG 파이프라인 운영'],
  },
  {
    title: 'QA 엔지니어',
    area: '품질',
    required: ['Jest', 'Cypress'],
    preferred: ['JavaScript', 'CI/CD', 'Jira'],
    work: ['테스트 자동화 체계 구축', '릴리스 품질 관리', '회귀 테스트 설계'],
  },
];

const TEAMS = [
  '결제플랫폼팀',
  '검색팀',
  '커머스팀',
  '데이터플랫폼팀',
  '추천팀',
  '정산팀',
  '배송팀',
  '회원팀',
  '광고팀',
  '플랫폼팀',
  '고객경험팀',
  '신사업팀',
];
const BENEFITS = [
  '자율 출퇴근',
  '도서·교육비 지원',
  '최신 장비 지급',
  '건강검진 지원',
  '점심 식대 지원',
  '컨퍼런스 참가 지원',
  '스톡옵션',
  '리프레시 휴가',
];

type Level = 'ENTRY' | 'JUNIOR' | 'MID' | 'SENIOR' | 'LEAD' | 'ANY';
const SALARY_MAN: Record<Level, [number, number]> = {
  ENTRY: [3600, 4600],
  JUNIOR: [4200, 5800],
  MID: [5500, 8500],
  SENIOR: [7500, 12000],
  LEAD: [10000, 16000],
  ANY: [4000, 9000],
};

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}
function some<T>(r: () => number, list: readonly T[], min: number): T[] {
  return list.filter((_, i) => i < min || r() < 0.45);
}
function weighted<T extends string>(r: () => number, table: Array<[T, number]>): T {
  let x = r() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[table.length - 1]![0];
}

export interface DemoOptions {
  count: number;
  seed?: number;
  /** YYYY-MM-DD in Asia/Seoul: dates are relative to it */
  today: string;
  /** source URLs start here (the benchmark uses its own host) */
  urlBase?: string;
}

/** `count` postings; the first ones are fixed anchors the demo and the e2e journey rely on. */
export function generateDemoPostings(opts: DemoOptions): JobPostingInput[] {
  const r = prng(opts.seed ?? 20261123);
  const base = opts.urlBase ?? 'https://careers.example.com';
  const out: JobPostingInput[] = [];
  for (let i = 0; i < opts.count; i++) {
    const company = DEMO_COMPANIES[i < 3 ? [2, 0, 5][i]! : Math.floor(r() * DEMO_COMPANIES.length)]!;
    const role = i < 3 ? ROLES[[0, 5, 2][i]!]! : pick(r, ROLES);
    let level: Level =
      i < 3
        ? 'ENTRY'
        : weighted<Level>(r, [
            ['ENTRY', 20],
            ['JUNIOR', 25],
            ['MID', 25],
            ['SENIOR', 18],
            ['LEAD', 5],
            ['ANY', 7],
          ]);
    const employmentType =
      i < 3
        ? 'FULL_TIME'
        : weighted(r, [
            ['FULL_TIME', 80],
            ['CONTRACT', 8],
            ['INTERN', 8],
            ['PART_TIME', 4],
          ] as Array<['FULL_TIME' | 'CONTRACT' | 'INTERN' | 'PART_TIME', number]>);
    if (employmentType === 'INTERN') level = 'ENTRY';
    const workMode =
      i < 3
        ? 'REMOTE'
        : weighted(r, [
            ['ONSITE', 45],
            ['HYBRID', 35],
            ['REMOTE', 20],
          ] as Array<['ONSITE' | 'HYBRID' | 'REMOTE', number]>);
    const team = pick(r, TEAMS);
    const prefix =
      level === 'ENTRY'
        ? employmentType === 'INTERN'
          ? '[인턴] '
          : '[신입] '
        : level === 'SENIOR'
          ? '시니어 '
          : level === 'LEAD'
            ? '[리드] '
            : '';
    const title = `${prefix}${r() < 0.6 ? `${team} ` : ''}${role.title}`;
    const years: Record<Level, [number, number | null]> = {
      ENTRY: [0, 1],
      JUNIOR: [1, 3],
      MID: [3, 7],
      SENIOR: [7, null],
      LEAD: [10, null],
      ANY: [0, null],
    };
    const [yMin, yMax] = years[level];
    const shift = level === 'MID' || level === 'JUNIOR' ? Math.floor(r() * 2) : 0;
    const salaryKnown = r() < 0.6;
    const [lo, hi] = SALARY_MAN[level];
    const sMin = Math.round((lo + r() * (hi - lo) * 0.4) / 100) * 100;
    const sMax = Math.round((sMin + (hi - lo) * (0.3 + r() * 0.4)) / 100) * 100;
    const postedDaysAgo = Math.floor(r() * 45);
    const deadlineKind = r();
    const deadlineDays = Math.floor(r() * 45);
    // the anchors are fresh and open, whatever the day
    const posted = addDays(opts.today, i < 3 ? -1 - i : -postedDaysAgo);
    let validThrough: string | null = addDays(posted, 20 + deadlineDays);
    if (i < 3) validThrough = addDays(opts.today, 30 + i);
    else if (deadlineKind < 0.25)
      validThrough = null; // open until filled
    else if (deadlineKind < 0.3) validThrough = addDays(opts.today, -1 - (deadlineDays % 10)); // already closed
    const required = some(r, role.required, role.required.length - (role.required.length > 2 && r() < 0.3 ? 1 : 0));
    const preferred = some(r, role.preferred, 1);
    const location = workMode === 'REMOTE' ? `전국 원격 (본사: ${company.location})` : company.location;
    out.push({
      company: { name: company.name, nameEn: company.nameEn, careersUrl: `https://${company.slug}.example.com/careers` },
      title,
      description: [
        `${josa(company.name, '은/는')} ${company.field} 분야에서 사용자의 일상을 바꾸는 팀입니다.`,
        `${team}에서 함께할 ${josa(role.title.replace(/ \(.*\)$/, ''), '을/를')} 찾습니다.`,
        '',
        '하는 일',
        ...role.work.map((w) => `- ${w}`),
        '',
        '함께 누리는 것',
        ...some(r, BENEFITS, 2).map((b) => `- ${b}`),
      ].join('\n'),
      requirements: [
        level === 'ENTRY' ? '- 관련 전공 또는 그에 준하는 프로젝트 경험' : `- ${role.area} 개발 실무 경험 ${yMin + shift}년 이상`,
        `- 실무 기술: ${required.join(', ')}`,
        '- 동료와 적극적으로 소통하고 코드 리뷰를 즐기는 분',
      ].join('\n'),
      preferred: [`- 사용 경험: ${preferred.join(', ')}`, '- 오픈소스 기여나 기술 블로그 운영 경험'].join('\n'),
      employmentType,
      experienceLevel: level,
      experienceMin: yMin + shift,
      experienceMax: yMax === null ? null : yMax + shift,
      location,
      workMode,
      salaryMin: salaryKnown ? sMin * 10_000 : null,
      salaryMax: salaryKnown ? sMax * 10_000 : null,
      requiredSkills: required,
      preferredSkills: preferred,
      postedAt: posted,
      validThrough,
      sourceUrl: `${base}/${company.slug}/jobs/${100000 + i}`,
    });
  }
  return out;
}
