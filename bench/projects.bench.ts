// GET /api/projects with 10,000 projects in the database, next to a bare route in the same
// process: the default list, the list with filters, a two-syllable Korean text search, a 초성
// search and the open-position filter (no read cache: every request reaches the database). Prints
// the EXPLAIN of the two-syllable search to show it walks the jamo trigram index.
import { type ProjectBodyInput, addDays, projectBody, seoulDate } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insertProjectsBulk, listSqlForExplain } from '../apps/server/src/modules/projects/project-repo.ts';
import { projectRowFields } from '../apps/server/src/modules/projects/project-service.ts';
import type { NewProjectPositionRow, NewProjectRow } from '../apps/server/src/modules/projects/schema.ts';
import { type LoadResult, load, printTable, startBenchApp } from './support.ts';

const N = Number(process.env.BENCH_PROJECTS ?? 10_000);
/** Target (GUIDE §7 hot reads): a list request at least half the req/s of the bare route. */
const TARGET_RATIO = 0.5;
const s = await startBenchApp(process.env.DATABASE_URL ? { JWT_SECRET: randomBytes(32).toString('hex') } : {});
try {
  const t0 = performance.now();
  const owners: string[] = [];
  for (let i = 0; i < 50; i++) {
    const u = await s.app.apis.users.createUser({
      email: `bench-owner-${i}-${randomBytes(3).toString('hex')}@example.com`,
      name: `오너 ${i}`,
    });
    owners.push(u.id);
  }
  const today = seoulDate(new Date());
  const topics = [
    '스터디 캘린더',
    '가계부 앱',
    '중고책 교환',
    '반려견 산책',
    '맛집 지도',
    '퍼즐 게임',
    '이력서 리뷰 봇',
    '대기질 대시보드',
    '카페 키오스크',
    '회의록 요약',
  ];
  const adjectives = ['오픈소스', '사이드', '동네', '실시간', '작은', '모바일', '함께 만드는', '주말', '한국어', '초보 환영'];
  const sentences = [
    '사용자 인터뷰를 바탕으로 우선순위를 정했습니다.',
    '매주 한 번 온라인으로 진행 상황을 공유합니다.',
    '코드 리뷰와 테스트를 중요하게 생각하는 팀입니다.',
    '첫 배포까지 8주를 목표로 합니다.',
    '디자인 시스템을 먼저 만들고 화면을 붙입니다.',
    '서버는 컨테이너로 배포하고 모니터링을 붙입니다.',
    '데이터는 사용자 기기에만 저장합니다.',
    '수익이 나면 기여도에 따라 나눕니다.',
  ];
  const stacks: [string, string][] = [
    ['FRONTEND', 'React'],
    ['FRONTEND', 'Vue'],
    ['FRONTEND', 'Svelte'],
    ['BACKEND', 'Spring'],
    ['BACKEND', 'Node.js'],
    ['BACKEND', 'Go'],
    ['BACKEND', 'Django'],
    ['DATABASE', 'PostgreSQL'],
    ['DATABASE', 'MongoDB'],
    ['DEVOPS', 'Kubernetes'],
    ['MOBILE', 'Flutter'],
    ['MOBILE', 'Swift'],
    ['DESIGN', 'Figma'],
    ['ETC', 'Unity'],
  ];
  const roles = ['프론트엔드 개발자', '백엔드 개발자', '디자이너', '모바일 개발자', '데이터 엔지니어', 'PM'];
  const statuses = [
    'RECRUITING',
    'RECRUITING',
    'RECRUITING',
    'RECRUITING',
    'RECRUITING',
    'IN_PROGRESS',
    'IN_PROGRESS',
    'COMPLETED',
    'CANCELLED',
    'DRAFT',
  ] as const;
  const types = ['SIDE_PROJECT', 'SIDE_PROJECT', 'STARTUP', 'OPEN_SOURCE'] as const;
  const meetings = ['ONLINE', 'ONLINE', 'OFFLINE', 'HYBRID'] as const;

  const rows: NewProjectRow[] = [];
  const positions: NewProjectPositionRow[] = [];
  for (let i = 0; i < N; i++) {
    // one project in 250 is about a rarer subject, the kind of word people search for
    const topic = i % 250 === 7 ? '형태소 분석기' : topics[i % topics.length]!;
    const stack = [stacks[i % stacks.length]!, stacks[(i * 5 + 3) % stacks.length]!].filter(
      (x, k, a) => a.findIndex((y) => y[1] === x[1]) === k,
    );
    const posCount = 1 + (i % 3);
    const meeting = meetings[i % meetings.length]!;
    const input: ProjectBodyInput = {
      name: `${adjectives[(i * 3) % adjectives.length]} ${topic} ${i}`,
      tagline: `${topic}을 함께 만들 팀원을 찾습니다`,
      description: `<p>${Array.from({ length: 4 + (i % 5) }, (_, k) => sentences[(i + k) % sentences.length]).join(' ')}</p>`,
      type: types[i % types.length]!,
      positions: Array.from({ length: posCount }, (_, k) => ({
        name: roles[(i + k) % roles.length]!,
        requiredCount: 1 + ((i + k) % 3),
        requiredSkills: [stack[0]![1]],
      })),
      techStack: stack.map(([category, name]) => ({ category: category as never, name })),
      meeting: { type: meeting, frequency: '주 1회', region: meeting === 'ONLINE' ? '' : '서울' },
      recruitmentDeadline: addDays(today, 1 + (i % 40)),
    };
    const body = projectBody.parse(input);
    const id = crypto.randomUUID();
    const createdAt = new Date(Date.now() - (N - i) * 60_000);
    rows.push({
      ...projectRowFields(body),
      id,
      slug: `bench-project-${i}`,
      ownerId: owners[i % owners.length]!,
      status: statuses[i % statuses.length]!,
      viewCount: (i * 37) % 500,
      createdAt,
      updatedAt: createdAt,
    });
    body.positions.forEach((p, k) =>
      positions.push({
        projectId: id,
        name: p.name,
        requiredCount: p.requiredCount,
        filledCount: (i + 2 * k) % 4 === 0 ? p.requiredCount : 0,
        requiredSkills: p.requiredSkills,
        preferredSkills: [],
        sortOrder: k,
      }),
    );
  }
  await insertProjectsBulk(s.ctx.db, rows, positions);
  await s.ctx.database.exec('vacuum analyze projects');
  await s.ctx.database.exec('vacuum analyze project_positions');
  console.log(
    `inserted ${N} projects with ${positions.length} positions in ${Math.round(performance.now() - t0)} ms on ${s.ctx.database.driver}`,
  );

  // The plan of two-syllable Korean searches on the list query itself: a word in 0.4 % of the
  // projects (the trigram index finds them) and one in 10 % (walking the newest-first index and
  // stopping after ten matches is cheaper, and the planner knows it).
  const twoSyllable = '형태';
  let usesIndex = false;
  for (const word of [twoSyllable, '가계']) {
    const plan = await s.ctx.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain analyze ${listSqlForExplain(s.ctx.db, { q: word, sort: 'createdAt,desc' }, 10)}`,
    );
    const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`\nEXPLAIN ANALYZE of the list query for q=${word}\n${planText}`);
    if (word === twoSyllable) usesIndex = /projects_search_jamo_trgm/.test(planText);
  }
  console.log(`\ntwo-syllable search (q=${twoSyllable}) uses the jamo trigram index: ${usesIndex ? 'yes (met)' : 'NO (not met)'}\n`);

  const q = (s2: string) => encodeURIComponent(s2);
  const list = `${s.url}/api/projects`;
  const filtered = `${s.url}/api/projects?type=SIDE_PROJECT&type=STARTUP&status=RECRUITING&meetingType=ONLINE&stack=React&stack=Go&sort=deadline,asc&page=2`;
  const search = `${s.url}/api/projects?q=${q(twoSyllable)}`;
  const common = `${s.url}/api/projects?q=${q('가계')}&page=1`;
  const choseong = `${s.url}/api/projects?q=${q('ㅎㅌㅅ')}&sort=relevance,desc`;
  const position = `${s.url}/api/projects?position=${q('디자이너')}&sort=viewCount,desc`;
  for (const u of [list, filtered, search, common, choseong, position]) {
    const r = await fetch(u);
    const body = (await r.json()) as { data: { totalElements: number } };
    if (!r.ok) throw new Error(`${u}: ${r.status}`);
    console.log(`${decodeURIComponent(u.slice(s.url.length)).padEnd(64)} → ${body.data.totalElements} projects`);
  }

  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  await load('warm-up', list, { duration: 1 });
  const results: LoadResult[] = [];
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`);
  results.push(bare);
  results.push(await load('GET /api/projects', list));
  results.push(await load('GET /api/projects?filters', filtered));
  results.push(await load(`GET /api/projects?q=${twoSyllable}`, search));
  results.push(await load('GET /api/projects?q=가계&page=1 (10 %)', common));
  results.push(await load('GET /api/projects?q=ㅎㅌㅅ (초성)', choseong));
  results.push(await load('GET /api/projects?position=디자이너', position));
  // the same lists counting their totals on every request (the totals are otherwise kept 10 s)
  const projectsApi = s.app.modules.find((m) => m.name === 'projects')!.api as { setListTotalsTtl(ms: number): void };
  projectsApi.setListTotalsTtl(0);
  results.push(await load('GET /api/projects (totals uncached)', list));
  results.push(await load('GET /api/projects?filters (totals uncached)', filtered));
  console.log('');
  printTable(results, bare);
  for (const r of results.slice(1)) {
    const ratio = r.rps / bare.rps;
    console.log(`ratio ${r.label}: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`);
  }
} finally {
  await s.close();
}
