/**
 * Accounts seeder (first in the registry: later seeders read `shared.users`).
 * - always: the admin from ADMIN_EMAIL / ADMIN_PASSWORD (created, or an existing account promoted).
 * - demo:   admin@moim.dev, leader@moim.dev, member@moim.dev (README) and eight more members
 *           (password pattern `moim-<name before @>-2026!`), several of them on the /whoweare team
 *           with pictures. Everything is made through the services, never SQL.
 */
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';
import { users as usersTable } from './schema.ts';
import type { UsersModuleService, UsersService } from './service.ts';

export interface SeededUsers {
  admin: string;
  leader: string;
  member: string;
  others: string[];
}

interface DemoPerson {
  email: string;
  password: string;
  name: string;
  username: string;
  admin?: boolean;
  bio?: string;
  links?: { label: string; url: string }[];
  team?: { roleTitle: string; quote: string; sortOrder: number; memberSince: string };
  colors?: [string, string];
}

const pw = (local: string) => `moim-${local}-2026!`;

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    email: 'admin@moim.dev',
    password: pw('admin'),
    name: '정모임',
    username: 'moim-admin',
    admin: true,
    bio: 'moim을 만들고 운영합니다. 함께 공부하는 개발자 모임이 오래 가도록 돕고 있어요.',
    links: [{ label: 'GitHub', url: 'https://github.example.com/moim-dev' }],
    team: { roleTitle: '운영 리드', quote: '꾸준함이 재능을 이깁니다.', sortOrder: 10, memberSince: '2021-03-01' },
    colors: ['#3b5bdb', '#15aabf'],
  },
  {
    email: 'leader@moim.dev',
    password: pw('leader'),
    name: '박지훈',
    username: 'jihoon.park',
    bio: '알고리즘 스터디 테코테코를 이끌고 있습니다. 백엔드 개발자, 코틀린과 스프링을 좋아합니다.',
    links: [
      { label: 'GitHub', url: 'https://github.example.com/jihoon-park' },
      { label: 'Blog', url: 'https://blog.example.org/@jihoon' },
    ],
    team: { roleTitle: '스터디 리더', quote: '어제보다 한 문제 더.', sortOrder: 20, memberSince: '2022-01-15' },
    colors: ['#e8590c', '#fab005'],
  },
  {
    email: 'member@moim.dev',
    password: pw('member'),
    name: '최서연',
    username: 'seoyeon',
    bio: '프론트엔드 개발을 공부하고 있습니다. 리액트와 접근성에 관심이 많아요.',
    links: [{ label: 'GitHub', url: 'https://github.example.com/seoyeon-choi' }],
  },
  {
    email: 'haneul@moim.dev',
    password: pw('haneul'),
    name: '김하늘',
    username: 'haneul',
    bio: '디자인 시스템과 UI 엔지니어링을 합니다. moim의 화면을 다듬고 있어요.',
    links: [
      { label: 'GitHub', url: 'https://github.example.com/haneul-kim' },
      { label: 'Portfolio', url: 'https://haneul.example.net' },
    ],
    team: { roleTitle: '프론트엔드 · 디자인 시스템', quote: '좋은 UI는 설명이 필요 없습니다.', sortOrder: 30, memberSince: '2022-09-01' },
    colors: ['#5f3dc4', '#f06595'],
  },
  {
    email: 'doyun@moim.dev',
    password: pw('doyun'),
    name: '이도윤',
    username: 'doyun.lee',
    bio: '백엔드와 인프라를 맡고 있습니다. 느린 쿼리를 찾아 빠르게 만드는 일을 즐깁니다.',
    links: [{ label: 'GitHub', url: 'https://github.example.com/doyun-lee' }],
    team: { roleTitle: '백엔드 · 인프라', quote: '측정하지 않으면 개선할 수 없다.', sortOrder: 40, memberSince: '2023-02-20' },
    colors: ['#2b8a3e', '#94d82d'],
  },
  {
    email: 'minjun@moim.dev',
    password: pw('minjun'),
    name: '정민준',
    username: 'minjun',
    bio: '주니어 백엔드 개발자. 데일리 코딩 루틴 스터디에 참여하고 있어요.',
  },
  {
    email: 'seoyun@moim.dev',
    password: pw('seoyun'),
    name: '강서윤',
    username: 'seoyun.kang',
    bio: '커뮤니티 매니저. 스터디가 처음인 분들의 첫걸음을 돕습니다.',
    links: [{ label: 'Blog', url: 'https://blog.example.org/@seoyun' }],
    team: { roleTitle: '커뮤니티 매니저', quote: '혼자 가면 빨리, 함께 가면 멀리.', sortOrder: 50, memberSince: '2024-04-01' },
    colors: ['#c2255c', '#ffa94d'],
  },
  {
    email: 'jiho@moim.dev',
    password: pw('jiho'),
    name: '윤지호',
    username: 'jiho',
    bio: '게임 랩의 테트리스와 추리 게임을 만들었습니다. 결정적 시뮬레이션을 좋아해요.',
    links: [{ label: 'GitHub', url: 'https://github.example.com/jiho-yoon' }],
    team: { roleTitle: '랩 메이커', quote: '재미있으면 계속하게 됩니다.', sortOrder: 60, memberSince: '2025-01-10' },
    colors: ['#0b7285', '#63e6be'],
  },
  {
    email: 'yerin@moim.dev',
    password: pw('yerin'),
    name: '한예린',
    username: 'yerin.han',
    bio: '데이터 엔지니어. SQL 스터디에서 쿼리 튜닝을 함께 공부합니다.',
  },
  {
    email: 'seungwoo@moim.dev',
    password: pw('seungwoo'),
    name: '오승우',
    username: 'seungwoo',
    bio: '모바일 개발자. 사이드 프로젝트로 일정 관리 앱을 만들고 있어요.',
  },
  {
    email: 'sua@moim.dev',
    password: pw('sua'),
    name: '임수아',
    username: 'sua.lim',
    bio: '취업 준비 중인 개발자입니다. 데브로그 스터디에서 매주 글을 씁니다.',
  },
];

/** A simple geometric avatar (no text, so no fonts needed), as PNG bytes. */
async function avatar(seed: string, [a, b]: [string, string]): Promise<Buffer> {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const cx = 140 + (h % 240);
  const cy = 140 + ((h >> 8) % 240);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${120 + (h % 60)}" fill="#ffffff" fill-opacity="0.18"/>
<circle cx="256" cy="210" r="86" fill="#ffffff" fill-opacity="0.9"/>
<rect x="116" y="320" width="280" height="220" rx="140" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function ensureAdminFromEnv(ctx: AppContext, users: UsersService): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = ctx.config;
  if (!email) return;
  const existing = await users.findByEmail(email);
  if (existing) {
    if (existing.status === 'DELETED') {
      ctx.log.warn({ email }, 'ADMIN_EMAIL belongs to a deleted account; not promoted');
      return;
    }
    if (existing.systemRole !== 'ROLE_ADMIN') {
      await users.setAdmin(existing.id, true);
      ctx.log.info({ email }, 'ADMIN_EMAIL account promoted to admin');
    }
    return;
  }
  if (!password) {
    ctx.log.warn({ email }, 'ADMIN_EMAIL is set but ADMIN_PASSWORD is not: no admin created');
    return;
  }
  // The operator chose this password; only its length is enforced (config), a common one is logged.
  await users.createUser({ email, password, name: '관리자', admin: true, emailVerified: true, checkPolicy: false });
  ctx.log.info({ email }, 'admin account created from ADMIN_EMAIL');
}

/**
 * For a module's demo seeder run without the accounts seeder (its tests): the given people as
 * accounts without passwords (none can log in), made once (existing e-mails are kept). Answers
 * e-mail → user id.
 */
export async function ensurePasswordlessDemoAccounts(
  ctx: AppContext,
  people: readonly { email: string; name: string; admin?: boolean }[],
): Promise<Map<string, string>> {
  await ctx.db
    .insert(usersTable)
    .values(
      people.map((p) => ({
        email: p.email,
        name: p.name,
        roles: p.admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
        systemRole: p.admin ? ('ROLE_ADMIN' as const) : ('ROLE_USER' as const),
      })),
    )
    .onConflictDoNothing();
  const rows = await ctx.db
    .select({ id: usersTable.id, email: usersTable.email })
    .from(usersTable)
    .where(
      inArray(
        usersTable.email,
        people.map((p) => p.email),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The users module's seeder (built by `createUsersModule` with the module's own service). */
export const accountsSeeder = (own: UsersModuleService): Seeder => ({
  name: 'accounts',
  always: (ctx) => ensureAdminFromEnv(ctx, own),
  async demo(ctx, shared) {
    const users: UsersService = own;
    const ids = new Map<string, string>();
    for (const p of DEMO_PEOPLE) {
      const existing = await users.findByEmail(p.email);
      const u =
        existing ??
        (await users.createUser({
          email: p.email,
          password: p.password,
          name: p.name,
          username: p.username,
          admin: p.admin ?? false,
          emailVerified: true,
        }));
      ids.set(p.email, u.id);
      const self = { id: u.id, roles: u.roles, systemRole: u.systemRole };
      if (p.bio || p.links) await own.updateProfile(self, { bio: p.bio ?? null, links: p.links ?? [] });
      if (p.team) {
        await own.setTeamMember(u.id, { ...p.team, visible: true });
        const png = await avatar(p.email, p.colors ?? ['#495057', '#adb5bd']);
        await own.updateProfile(self, {
          profileImageData: { base64: png.toString('base64'), fileName: 'avatar.png', mimeType: 'image/png' },
        });
        // process now rather than from the queue, so the first page already has the pictures
        const pending = await own.pendingImageVersion(u.id);
        if (pending) await own.processProfileImage(u.id, pending);
      }
    }
    const seeded: SeededUsers = {
      admin: ids.get('admin@moim.dev')!,
      leader: ids.get('leader@moim.dev')!,
      member: ids.get('member@moim.dev')!,
      others: DEMO_PEOPLE.slice(3).map((p) => ids.get(p.email)!),
    };
    shared.users = seeded;
  },
});
