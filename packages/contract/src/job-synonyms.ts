/**
 * The jobs navigator's one synonym table (docs/job-postings.md "Search"): the Korean and
 * English names of a role and of a skill. The server writes every name of a posting's roles and
 * skills into its search columns, so a query in either language — a whole word, a word being
 * typed or its 초성 — finds the posting however it was written ("backend", "백엔", "ㅂㅇㄷ" all find
 * "백엔드 개발자"; "자바", "java" and "ㅈㅂ" find a Java posting). The same table resolves the skills
 * of a member's profile, the `skill` filter and an importer's skill names ("고랭" = Go).
 *
 * A role is recognised in a posting's title: a Hangul name anywhere in it (Korean attaches
 * particles and compounds: "백엔드개발자"), a Latin name as a whole word ("iOS 개발자", not "bios").
 * Only names that mean the role on their own are recognised; the others (`alsoSearch`) are only
 * written next to them.
 */
import { skillKey } from './job-match.ts';

export interface RoleSynonyms {
  /** stable id (the web's label key: ignition `role.<id>`) */
  id: string;
  /** names that, found in a title, mean this role; every one is also searchable */
  names: readonly string[];
  /** further searchable names, never used to recognise the role (too broad alone: "서버" in "서버리스") */
  alsoSearch?: readonly string[];
}

export const JOB_ROLE_SYNONYMS: readonly RoleSynonyms[] = [
  {
    id: 'backend',
    names: [
      'backend',
      'back-end',
      'back end',
      'server-side',
      'server developer',
      'server engineer',
      '백엔드',
      '서버 개발',
      '서버 엔지니어',
    ],
    alsoSearch: ['server', '서버'],
  },
  { id: 'frontend', names: ['frontend', 'front-end', 'front end', '프론트엔드', '프런트엔드'], alsoSearch: ['web', '웹', '프론트'] },
  { id: 'fullstack', names: ['fullstack', 'full-stack', 'full stack', '풀스택', '풀 스택'] },
  { id: 'devops', names: ['devops', 'dev ops', '데브옵스', 'infrastructure engineer', '인프라 엔지니어'], alsoSearch: ['infra', '인프라'] },
  { id: 'sre', names: ['sre', 'site reliability', '사이트 신뢰성'] },
  { id: 'dataEngineer', names: ['data engineer', '데이터 엔지니어'], alsoSearch: ['data', '데이터'] },
  { id: 'dataAnalyst', names: ['data analyst', '데이터 분석가', '데이터 애널리스트'], alsoSearch: ['data', '데이터', 'analyst', '분석'] },
  { id: 'dataScientist', names: ['data scientist', '데이터 사이언티스트'], alsoSearch: ['data', '데이터'] },
  { id: 'ml', names: ['machine learning', 'ml engineer', 'ml', '머신러닝', '머신 러닝', '기계학습'], alsoSearch: ['ai', '인공지능'] },
  { id: 'ai', names: ['ai engineer', 'llm', 'ai 엔지니어', '인공지능', '생성형 ai'], alsoSearch: ['ai'] },
  { id: 'android', names: ['android', '안드로이드'], alsoSearch: ['mobile', '모바일'] },
  { id: 'ios', names: ['ios', '아이오에스'], alsoSearch: ['mobile', '모바일'] },
  { id: 'mobile', names: ['mobile', 'app developer', '모바일', '앱 개발'], alsoSearch: ['app', '앱'] },
  {
    id: 'qa',
    names: ['qa', 'quality assurance', 'sdet', 'test engineer', '큐에이', '품질 보증', '테스트 엔지니어'],
    alsoSearch: ['test', '테스트', '품질'],
  },
  {
    id: 'pm',
    names: ['pm', 'product manager', 'product owner', 'po', '프로덕트 매니저', '프로덕트 오너', '서비스 기획'],
    alsoSearch: ['기획', 'planner'],
  },
  { id: 'security', names: ['security', '보안', '정보보호'] },
  { id: 'embedded', names: ['embedded', 'firmware', '임베디드', '펌웨어'] },
  {
    id: 'game',
    names: ['game developer', 'game client', 'game server', '게임 개발', '게임 클라이언트', '게임 서버'],
    alsoSearch: ['game', '게임'],
  },
  { id: 'designer', names: ['designer', 'ux', 'ui/ux', '디자이너'], alsoSearch: ['design', '디자인'] },
  { id: 'developer', names: ['developer', 'programmer', '개발자', '프로그래머'] },
  { id: 'engineer', names: ['engineer', '엔지니어'] },
];

/**
 * Skill id → its names in both languages. The skills catalogue (migration 0010) holds the ids,
 * display names and categories; these names are merged into its aliases when it loads, so
 * `canonicalSkill("쿠버네티스")`, the `skill` filter and the profile resolve through this table.
 */
export const JOB_SKILL_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  java: ['Java', '자바'],
  kotlin: ['Kotlin', '코틀린'],
  javascript: ['JavaScript', 'JS', 'ES6', '자바스크립트'],
  typescript: ['TypeScript', 'TS', '타입스크립트'],
  python: ['Python', 'py', '파이썬'],
  go: ['Go', 'Golang', '고', '고랭', '고언어'],
  rust: ['Rust', '러스트'],
  'c++': ['C++', 'cpp', '씨쁠쁠'],
  'c#': ['C#', 'csharp', '씨샵'],
  swift: ['Swift', '스위프트'],
  dart: ['Dart', '다트'],
  ruby: ['Ruby', '루비'],
  php: ['PHP', '피에이치피'],
  scala: ['Scala', '스칼라'],
  react: ['React', 'React.js', 'ReactJS', '리액트'],
  vuejs: ['Vue.js', 'Vue', 'VueJS', '뷰'],
  angular: ['Angular', '앵귤러'],
  nextjs: ['Next.js', 'Next', 'NextJS', '넥스트'],
  svelte: ['Svelte', '스벨트'],
  springboot: ['Spring Boot', 'Spring', 'Spring Framework', '스프링', '스프링부트', '스프링 부트'],
  nodejs: ['Node.js', 'Node', 'NodeJS', '노드', '노드js'],
  nestjs: ['NestJS', 'Nest', '네스트'],
  django: ['Django', '장고'],
  fastapi: ['FastAPI', '패스트api'],
  jpa: ['JPA', 'Hibernate', '하이버네이트'],
  kafka: ['Kafka', 'Apache Kafka', '카프카'],
  graphql: ['GraphQL', 'gql', '그래프큐엘'],
  msa: ['MSA', 'Microservices', '마이크로서비스'],
  android: ['Android', '안드로이드'],
  ios: ['iOS', '아이오에스'],
  flutter: ['Flutter', '플러터'],
  reactnative: ['React Native', 'RN', '리액트 네이티브'],
  mysql: ['MySQL', '마이에스큐엘'],
  postgresql: ['PostgreSQL', 'Postgres', 'PG', '포스트그레스'],
  mongodb: ['MongoDB', 'Mongo', '몽고디비'],
  redis: ['Redis', '레디스'],
  elasticsearch: ['Elasticsearch', 'ES', 'OpenSearch', '엘라스틱서치'],
  spark: ['Spark', 'Apache Spark', '스파크'],
  hadoop: ['Hadoop', '하둡'],
  airflow: ['Airflow', 'Apache Airflow', '에어플로우'],
  pytorch: ['PyTorch', '파이토치'],
  tensorflow: ['TensorFlow', '텐서플로', '텐서플로우'],
  machinelearning: ['Machine Learning', 'ML', '머신러닝', '기계학습'],
  deeplearning: ['Deep Learning', 'DL', '딥러닝'],
  llm: ['LLM', '대규모 언어 모델', '거대언어모델'],
  aws: ['AWS', 'Amazon Web Services', '아마존웹서비스'],
  gcp: ['GCP', 'Google Cloud', 'Google Cloud Platform', '구글 클라우드'],
  azure: ['Azure', 'Microsoft Azure', '애저'],
  docker: ['Docker', '도커'],
  kubernetes: ['Kubernetes', 'k8s', '쿠버네티스', '쿠베'],
  terraform: ['Terraform', '테라폼'],
  jenkins: ['Jenkins', '젠킨스'],
  linux: ['Linux', '리눅스'],
  git: ['Git', '깃'],
  figma: ['Figma', '피그마'],
  tdd: ['TDD', '테스트 주도 개발'],
  ddd: ['DDD', '도메인 주도 설계'],
};

/** Every name of a skill (its own id first), for its search columns; unknown ids give the id. */
export function skillSearchNames(id: string, extra: readonly string[] = []): string[] {
  return unique([id, ...(JOB_SKILL_SYNONYMS[id] ?? []), ...extra]);
}

/** Alias key (skillKey) → skill id for every name in JOB_SKILL_SYNONYMS. */
export function skillSynonymAliases(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, names] of Object.entries(JOB_SKILL_SYNONYMS)) {
    out.set(skillKey(id), id);
    for (const n of names) out.set(skillKey(n), id);
  }
  return out;
}

const HANGUL = /[\uac00-\ud7a3]/;

/** NFKC, lower case, every run of anything but letters/digits/+/# one space, padded with spaces. */
function words(s: string): string {
  return ` ${s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim()} `;
}
const compact = (s: string) => s.replace(/\s+/g, '');

/** The roles a title names ("백엔드 개발자 (Java)" → backend, developer; "Backend Engineer" → backend, engineer). */
export function rolesInTitle(title: string): RoleSynonyms[] {
  const text = words(title);
  const tight = compact(text);
  return JOB_ROLE_SYNONYMS.filter((role) =>
    role.names.some((name) => {
      const w = words(name);
      return HANGUL.test(name) ? tight.includes(compact(w)) : text.includes(w);
    }),
  );
}

/** Every searchable name of the roles a title names (both languages), to write next to the title. */
export function roleSearchNames(title: string): string[] {
  return unique(rolesInTitle(title).flatMap((r) => [...r.names, ...(r.alsoSearch ?? [])]));
}

function unique(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of list) {
    const k = s.normalize('NFKC').toLowerCase();
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}

/**
 * The version of this table that a posting's search columns were written with: the server
 * rewrites the columns of postings written with another (job-postings `refreshSearchColumns`).
 */
export const JOB_SYNONYMS_VERSION = (() => {
  // FNV-1a over the table: any change to a name changes the version
  let h = 0x811c9dc5;
  const text = JSON.stringify([JOB_ROLE_SYNONYMS, JOB_SKILL_SYNONYMS]);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2_000_000_000;
})();
