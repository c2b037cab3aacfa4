/** The back office (ROLE_ADMIN, checked by the routes): every study in every status, deleted included. */
import {
  type AdminStudy,
  type AdminStudyListQuery,
  type Application,
  type ApplicationListQuery,
  type Page,
  type StudyTransition,
  toPage,
} from '@moim/contract';
import { countOpenByStudy, listByStudy } from './application-repo.ts';
import { studyNotFound } from './access.ts';
import type { StudyDeps } from './deps.ts';
import { type StudyWithLeader, findStudy, listAdmin, listTransitions } from './study-repo.ts';
import { toApplication, toStudy, toTransition } from './study-view.ts';

export class AdminStudyService {
  constructor(private readonly d: StudyDeps) {}

  private toAdmin(r: StudyWithLeader, open: number): AdminStudy {
    return {
      ...toStudy(r, this.d.clock(), { privileged: true }),
      deletedAt: r.deletedAt?.toISOString() ?? null,
      statusBeforeTermination: r.statusBeforeTermination,
      proposer: { id: r.proposerId, name: r.leaderName, profileImage: r.leaderImage },
      openApplications: open,
    };
  }

  async list(q: AdminStudyListQuery): Promise<Page<AdminStudy>> {
    const { rows, total } = await listAdmin(this.d.ctx.db, q);
    const open = await countOpenByStudy(
      this.d.ctx.db,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.map((r) => this.toAdmin(r, open.get(r.id) ?? 0)),
      total,
      q,
    );
  }

  /** The approval queue: PENDING, not deleted, oldest first. */
  queue(q: { page: number; size: number }): Promise<Page<AdminStudy>> {
    return this.list({ ...q, sort: 'createdAt,asc', status: ['PENDING'], deleted: false, q: undefined });
  }

  async get(id: string): Promise<AdminStudy> {
    const row = await findStudy(this.d.ctx.db, id);
    if (!row) throw studyNotFound();
    const open = await countOpenByStudy(this.d.ctx.db, [id]);
    return this.toAdmin(row, open.get(id) ?? 0);
  }

  async transitions(id: string): Promise<StudyTransition[]> {
    if (!(await findStudy(this.d.ctx.db, id))) throw studyNotFound();
    return (await listTransitions(this.d.ctx.db, id)).map(toTransition);
  }

  async applications(id: string, q: ApplicationListQuery): Promise<Page<Application>> {
    if (!(await findStudy(this.d.ctx.db, id))) throw studyNotFound();
    const { rows, total } = await listByStudy(this.d.ctx.db, id, q);
    return toPage(rows.map(toApplication), total, q);
  }
}
