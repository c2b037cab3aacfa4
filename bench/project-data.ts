// 10,000 projects for the projects benchmarks (bench/projects.bench.ts, bench/projects-cpu.ts): 50
// owners, 20,000 positions, 80 % published, a rarer subject ("형태소 분석기") in 1 in 250.
import { type ProjectBodyInput, addDays, projectBody, seoulDate } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { insertProjectsBulk } from '../apps/server/src/modules/projects/project-repo.ts';
import { projectRowFields } from '../apps/server/src/modules/projects/project-service.ts';
import type { NewProjectPositionRow, NewProjectRow } from '../apps/server/src/modules/projects/schema.ts';
import type { startBenchApp } from './support.ts';

export async function seedProjects(s: Awaited<ReturnType<typeof startBenchApp>>, N: number): Promise<void> {
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
}
