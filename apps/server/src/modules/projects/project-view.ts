/** Rows → the contract's project shapes (summary, detail, application), with people's public profiles. */
import {
  DELETED_USER_NAME,
  type Project,
  type ProjectApplication,
  type ProjectMember,
  type ProjectPerson,
  type ProjectPosition,
  type ProjectSummary,
  type ProjectViewer,
  positionIsOpen,
  projectAcceptsApplications,
} from '@moim/contract';
import type { PublicProfile } from '../users/index.ts';
import type { ProjectCardRow } from './project-repo.ts';
import type { ProjectApplicationRow, ProjectMemberRow, ProjectPositionRow, ProjectRow } from './schema.ts';

export type Profiles = Map<string, PublicProfile>;

export function person(profiles: Profiles, id: string): ProjectPerson {
  const p = profiles.get(id);
  if (!p || !p.active) return { id, name: p?.name ?? DELETED_USER_NAME, username: null, profileImage: null };
  return { id, name: p.name, username: p.username, profileImage: p.profileImageThumb ?? p.profileImage };
}

function position(p: ProjectPositionRow, accepting: boolean): ProjectPosition {
  return {
    id: p.id,
    name: p.name,
    requiredCount: p.requiredCount,
    filledCount: p.filledCount,
    requiredSkills: p.requiredSkills,
    preferredSkills: p.preferredSkills,
    responsibilities: p.responsibilities,
    open: accepting && positionIsOpen(p),
  };
}

export function toSummary(
  row: Omit<ProjectCardRow, 'positions'>,
  positions: Pick<ProjectPositionRow, 'id' | 'name' | 'requiredCount' | 'filledCount'>[],
  profiles: Profiles,
  now: Date,
): ProjectSummary {
  const accepting = projectAcceptsApplications(row, now);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    type: row.type,
    status: row.status,
    meeting: { type: row.meetingType, frequency: row.meetingFrequency, region: row.meetingRegion },
    recruitmentDeadline: row.recruitmentDeadline,
    startDate: row.startDate,
    positions: positions.map(({ id, name, requiredCount, filledCount }) => ({
      id,
      name,
      requiredCount,
      filledCount,
      open: accepting && positionIsOpen({ requiredCount, filledCount }),
    })),
    // the schema's key order (jsonb keeps `name` before `category`)
    techStack: row.techStack.map(({ category, name }) => ({ category, name })),
    owner: person(profiles, row.ownerId),
    // members join only through an approval, which fills a seat: the owner plus every filled seat
    memberCount: 1 + positions.reduce((n, p) => n + p.filledCount, 0),
    viewCount: row.viewCount,
    acceptingApplications: accepting,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toProject(
  row: ProjectRow,
  positions: ProjectPositionRow[],
  members: ProjectMemberRow[],
  profiles: Profiles,
  viewer: ProjectViewer | null,
  now: Date,
): Project {
  const accepting = projectAcceptsApplications(row, now);
  const byId = new Map(positions.map((p) => [p.id, p]));
  const team: ProjectMember[] = members.map((m) => {
    const pos = m.positionId ? byId.get(m.positionId) : undefined;
    return {
      user: person(profiles, m.userId),
      role: m.role,
      position: pos ? { id: pos.id, name: pos.name } : null,
      joinedAt: m.joinedAt.toISOString(),
    };
  });
  return {
    ...toSummary(row, positions, profiles, now),
    description: row.description,
    vision: row.vision,
    positions: positions.map((p) => position(p, accepting)),
    expectedDuration: row.expectedDuration,
    collaborationTools: row.collaborationTools,
    compensation: row.compensation,
    links: { repository: row.repositoryUrl, demo: row.demoUrl, contact: row.contactUrl },
    members: team,
    viewer,
  };
}

export function toApplication(
  a: ProjectApplicationRow,
  project: Pick<ProjectRow, 'id' | 'slug' | 'name' | 'status'>,
  positionName: string,
  profiles: Profiles,
): ProjectApplication {
  return {
    applicationId: a.id,
    project: { id: project.id, slug: project.slug, name: project.name, status: project.status },
    position: { id: a.positionId, name: positionName },
    applicant: person(profiles, a.userId),
    status: a.status,
    introduction: a.introduction,
    motivation: a.motivation,
    skills: a.skills,
    links: { github: a.githubUrl, portfolio: a.portfolioUrl, blog: a.blogUrl },
    reviewNote: a.reviewNote,
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
