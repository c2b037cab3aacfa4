/** SQL for the waitlist: WAITLISTED applications of a study, in the order they joined (waitlisted_at, id). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { type ApplicationRow, studyApplications } from './schema.ts';

const waiting = (studyId: string) => and(eq(studyApplications.studyId, studyId), eq(studyApplications.status, 'WAITLISTED'));

/** The first `n` in line (no lock: the promotion moves one with a compare-and-set). */
export async function waitlistHead(db: DbOrTx, studyId: string, n: number): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(studyApplications)
    .where(waiting(studyId))
    .orderBy(asc(studyApplications.waitlistedAt), asc(studyApplications.id))
    .limit(n);
}

export async function waitlistLength(db: DbOrTx, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyApplications)
    .where(waiting(studyId));
  return row?.n ?? 0;
}

/** The caller's WAITLISTED application to the study and its place (1 = next), or undefined. */
export async function waitlistPlaceOf(
  db: DbOrTx,
  studyId: string,
  userId: string,
): Promise<{ app: ApplicationRow; position: number } | undefined> {
  const [app] = await db
    .select()
    .from(studyApplications)
    .where(and(waiting(studyId), eq(studyApplications.userId, userId)));
  if (!app) return undefined;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyApplications)
    .where(
      and(
        waiting(studyId),
        sql`(${studyApplications.waitlistedAt}, ${studyApplications.id}) < (${app.waitlistedAt!.toISOString()}::timestamptz, ${app.id}::uuid)`,
      ),
    );
  return { app, position: (row?.n ?? 0) + 1 };
}

/** The whole line with the applicants' public names (the study's organisers). */
export async function waitlistOf(db: DbOrTx, studyId: string) {
  return db
    .select({
      id: studyApplications.id,
      userId: studyApplications.userId,
      waitlistedAt: studyApplications.waitlistedAt,
      motivation: studyApplications.motivation,
      name: userPublic.name,
      profileImage: userPublic.profileImage,
    })
    .from(studyApplications)
    .innerJoin(userPublic, eq(userPublic.id, studyApplications.userId))
    .where(waiting(studyId))
    .orderBy(asc(studyApplications.waitlistedAt), asc(studyApplications.id));
}
