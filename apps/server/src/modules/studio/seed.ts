/** Demo documents for the demo member, made through the service and analysed by the runner. */
import type { Seeder } from '../../seed/index.ts';
import type { AnalysisRunner } from './runner.ts';
import type { StudioService } from './service.ts';
import { DEMO_DOCUMENTS } from './seed-content.ts';

export function studioSeeder(service: StudioService, runner: AnalysisRunner): Seeder {
  return {
    name: 'studio',
    async demo(_ctx, shared) {
      const member = (shared.users as { member?: string } | undefined)?.member;
      if (!member) return;
      const who = { id: member, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' };
      // Charged to days before today, so the demo member starts with a full daily quota.
      const past = (days: number) => new Date(Date.now() - days * 86_400_000);
      let day = DEMO_DOCUMENTS.length * 2;
      for (const d of DEMO_DOCUMENTS) {
        const body = {
          source: 'TEXT' as const,
          text: d.versions[0]!,
          title: d.title,
          purpose: d.purpose,
          audience: d.audience,
          tone: d.tone,
          locale: 'ko' as const,
        };
        const first = await service.submit(who, body, past(day--));
        await runner.run(first.analysis.id);
        for (const text of d.versions.slice(1)) {
          const next = await service.revise(who, first.analysis.documentId, { text }, past(day--));
          await runner.run(next.analysis.id);
        }
      }
    },
  };
}
