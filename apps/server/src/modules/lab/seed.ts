/**
 * Demo content for the lab: the demo leader (박지훈) has a saved roster for the next meetup and
 * a short arena history, made through the service (each draw's winners come from its seed, as
 * a real draw's would).
 */
import { drawWinners } from '@moim/games';
import { randomUUID } from 'node:crypto';
import type { Seeder } from '../../seed/index.ts';
import type { LabService } from './service.ts';

const PEOPLE: [string, string, string][] = [
  ['김하늘', '중급', 'FE'],
  ['이도윤', '고급', 'BE'],
  ['정민준', '초급', 'BE'],
  ['강서윤', '중급', 'FE'],
  ['윤지호', '초급', 'FE'],
  ['한예린', '고급', 'BE'],
  ['오승우', '중급', 'BE'],
  ['임수아', '초급', 'FE'],
  ['최서연', '중급', 'BE'],
  ['송다온', '고급', 'FE'],
  ['배가람', '초급', 'BE'],
  ['문나래', '중급', 'FE'],
];

export function labSeeder(service: LabService): Seeder {
  return {
    name: 'lab',
    async demo(_ctx, shared) {
      const leaderId = (shared.users as { leader?: string } | undefined)?.leader;
      if (!leaderId) return;
      const leader = { id: leaderId, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' };
      await service.createRoster(leader, {
        name: '테코테코 7기 모각코',
        people: PEOPLE.map(([name, level, role]) => ({ name, tags: { 수준: level, 역할: role } })),
        settings: {
          split: { by: 'size', value: 4, allowSingles: false },
          together: [],
          apart: [['이도윤', '한예린']],
          balanceBy: '수준',
          spreadLast: 0,
          theme: 'animals',
          customNames: [],
        },
        recent: [],
      });
      const entries = PEOPLE.map(([name]) => ({ name, weight: 1 }));
      const games = ['SNAIL_RACE', 'DART_WHEEL', 'SLOT_CASCADE'] as const;
      for (let i = 0; i < 3; i++) {
        const seed = `demo-meetup-${i + 1}`;
        const count = i === 0 ? 3 : 1;
        const picks = drawWinners({ seed, entries, count, allowRepeat: false });
        await service.recordDraw(leader, {
          clientId: randomUUID(),
          game: games[i]!,
          mode: games[i] === 'DART_WHEEL' ? 'highest' : null,
          seed,
          entries,
          count,
          allowRepeat: false,
          excluded: [],
          winners: picks.map((p) => entries[p]!.name),
          playedAt: new Date(Date.now() - (3 - i) * 7 * 86_400_000).toISOString(),
        });
      }
    },
  };
}
