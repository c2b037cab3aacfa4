/**
 * "My studies" (SPEC §4 groups). The definitions (docs/studies.md):
 * - proposed: studies I proposed that are PENDING or REJECTED
 * - pending: my applications waiting for the leader (PENDING)
 * - awaitingPayment: accepted, to be paid before the deadline (ACCEPTED)
 * - depositPending: a bank deposit announced, waiting for confirmation (PAYMENT_PENDING)
 * - confirmed: CONFIRMED applications whose study has not started (APPROVED), as an active MEMBER
 * - leading: I am an active OWNER or MANAGER of an APPROVED or IN_PROGRESS study
 * - participating: I am an active MEMBER of an IN_PROGRESS study
 * - completed: I am an active member (any role) of a COMPLETED study
 * - inactive: memberships that ended, memberships of TERMINATED studies, and my latest
 *   application to a study when it ended REJECTED, CANCELLED, EXPIRED or REFUNDED and I am not
 *   an active member there
 * Deleted studies appear nowhere. `format=type` lists the same studies once each, by study type.
 */
import {
  type Application,
  MY_STUDY_GROUPS,
  type Membership,
  type MyStudies,
  type MyStudyGroup,
  type MyStudyItem,
  type Study,
  type StudyType,
  seoulDate,
} from '@moim/contract';
import type { AuthUser } from '../../http/auth-guard.ts';
import { listByUser } from './application-repo.ts';
import type { StudyDeps } from './deps.ts';
import { membershipsOfUser } from './membership-repo.ts';
import { findStudies, studiesProposedBy } from './study-repo.ts';
import { toApplication, toMembership, toStudy } from './study-view.ts';

export class MyStudiesService {
  constructor(private readonly d: StudyDeps) {}

  async grouped(user: AuthUser): Promise<Record<MyStudyGroup, MyStudyItem[]>> {
    const db = this.d.ctx.db;
    const now = this.d.clock();
    const [proposals, memberships, applications] = [
      await studiesProposedBy(db, user.id),
      await membershipsOfUser(db, user.id),
      await listByUser(db, user.id),
    ];
    const ids = new Set<string>([
      ...proposals.map((s) => s.id),
      ...memberships.map((m) => m.study.id),
      ...applications.map((a) => a.studyId),
    ]);
    const studyRows = await findStudies(db, [...ids]);
    const studies = new Map<string, Study>(studyRows.map((r) => [r.id, toStudy(r, now, { privileged: r.leaderId === user.id })]));
    const rates = await this.d.calendar.userAttendanceRates(
      user.id,
      memberships.map((m) => ({ studyId: m.study.id, joinedAt: m.membership.joinedAt })),
      seoulDate(now),
    );
    const membershipOf = new Map<string, Membership>(
      memberships.map((m) => [m.study.id, toMembership(m.membership, m.study, rates.get(m.study.id) ?? null)]),
    );
    // newest application per study (listByUser is newest first)
    const latestApp = new Map<string, Application>();
    const apps = applications.map(toApplication);
    for (const a of apps) if (!latestApp.has(a.studyId)) latestApp.set(a.studyId, a);

    const groups = Object.fromEntries(MY_STUDY_GROUPS.map((g) => [g, [] as MyStudyItem[]])) as Record<MyStudyGroup, MyStudyItem[]>;
    const add = (g: MyStudyGroup, studyId: string, application: Application | null) => {
      const study = studies.get(studyId);
      if (!study || groups[g].some((i) => i.study.id === studyId)) return;
      groups[g].push({ study, membership: membershipOf.get(studyId) ?? null, application });
    };

    for (const s of proposals) if (s.status === 'PENDING' || s.status === 'REJECTED') add('proposed', s.id, null);
    for (const a of apps) {
      const study = studies.get(a.studyId);
      const m = membershipOf.get(a.studyId);
      // a place on the waitlist is an application not yet decided (SPEC's groups unchanged)
      if (a.status === 'PENDING' || a.status === 'WAITLISTED') add('pending', a.studyId, a);
      else if (a.status === 'ACCEPTED') add('awaitingPayment', a.studyId, a);
      else if (a.status === 'PAYMENT_PENDING') add('depositPending', a.studyId, a);
      else if (a.status === 'CONFIRMED' && study?.status === 'APPROVED' && m?.isActive && m.role === 'MEMBER')
        add('confirmed', a.studyId, a);
    }
    for (const m of membershipOf.values()) {
      const study = studies.get(m.studyId);
      if (!study) continue;
      const app = latestApp.get(m.studyId) ?? null;
      if (!m.isActive || study.status === 'TERMINATED') add('inactive', m.studyId, app);
      else if ((m.role === 'OWNER' || m.role === 'MANAGER') && (study.status === 'APPROVED' || study.status === 'IN_PROGRESS'))
        add('leading', m.studyId, app);
      else if (m.role === 'MEMBER' && study.status === 'IN_PROGRESS') add('participating', m.studyId, app);
      else if (study.status === 'COMPLETED') add('completed', m.studyId, app);
    }
    for (const [studyId, a] of latestApp) {
      const closed = a.status === 'REJECTED' || a.status === 'CANCELLED' || a.status === 'EXPIRED' || a.status === 'REFUNDED';
      if (closed && !membershipOf.get(studyId)?.isActive) add('inactive', studyId, a);
    }
    return groups;
  }

  async mine(user: AuthUser, format: 'grouped' | 'type'): Promise<MyStudies> {
    const groups = await this.grouped(user);
    if (format === 'grouped') return { format, groups };
    const byType: Record<StudyType, MyStudyItem[]> = { PARTICIPATORY: [], EDUCATIONAL: [], ONE_TIME: [] };
    const seen = new Set<string>();
    for (const g of MY_STUDY_GROUPS) {
      for (const item of groups[g]) {
        if (seen.has(item.study.id)) continue;
        seen.add(item.study.id);
        byType[item.study.type].push(item);
      }
    }
    return { format, groups: byType };
  }

  /** GET /api/studies/my/applications: every application of mine (deleted studies hidden). */
  async applications(user: AuthUser): Promise<Application[]> {
    return (await listByUser(this.d.ctx.db, user.id)).map(toApplication);
  }
}
