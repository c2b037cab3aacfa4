/**
 * The projects module's service: one facade over its parts (projects, status moves, applications),
 * which is both what the routes call and the public interface other modules may receive.
 */
import type {
  MyProjects,
  Page,
  Project,
  ProjectAction,
  ProjectApplication,
  ProjectApplicationListQuery,
  ProjectApplyBody,
  ProjectBody,
  ProjectCreateBody,
  ProjectListQuery,
  ProjectSummary,
} from '@moim/contract';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { ApplicationService } from './application-service.ts';
import type { ProjectService, ViewerHint } from './project-service.ts';
import type { StatusService } from './status-service.ts';

export type { ViewerHint };

export interface ProjectsService {
  /** A new project owned by `user`: a DRAFT, or RECRUITING with `publish`. */
  create(user: AuthUser, body: ProjectCreateBody): Promise<Project>;
  /** The owner's form, whole (owner or admin). */
  replace(id: string, user: AuthUser, body: ProjectBody): Promise<Project>;
  getById(id: string, user: AuthUser | null): Promise<Project>;
  /** The detail page; `hint` (address, browser) counts a guest once a day. */
  getBySlug(slug: string, user: AuthUser | null, hint: ViewerHint | null): Promise<Project>;
  list(q: ProjectListQuery): Promise<Page<ProjectSummary>>;
  /** `list` as its envelope's JSON (GET /api/projects sends it as it is). */
  listJson(q: ProjectListQuery): Promise<string>;
  my(user: AuthUser): Promise<MyProjects>;
  move(id: string, user: AuthUser, action: ProjectAction): Promise<Project>;
  remove(id: string, user: AuthUser): Promise<void>;
  /** The deadline job's work for the Seoul date `today` (default: today). Returns how many closed. */
  closeExpired(today?: string): Promise<number>;
  apply(projectId: string, user: AuthUser, body: ProjectApplyBody): Promise<ProjectApplication>;
  listApplications(projectId: string, user: AuthUser, q: ProjectApplicationListQuery): Promise<Page<ProjectApplication>>;
  accept(projectId: string, appId: string, user: AuthUser, reviewNote?: string): Promise<ProjectApplication>;
  reject(projectId: string, appId: string, user: AuthUser, reviewNote: string): Promise<ProjectApplication>;
  cancel(projectId: string, appId: string, user: AuthUser, applicantId: string): Promise<ProjectApplication>;
}

/** The module's interface over its three services (built in index.ts). */
export function projectsApi(projects: ProjectService, status: StatusService, applications: ApplicationService): ProjectsService {
  return {
    create: (user, body) => projects.create(user, body),
    replace: (id, user, body) => projects.replace(id, user, body),
    getById: (id, user) => projects.getById(id, user),
    getBySlug: (slug, user, hint) => projects.getBySlug(slug, user, hint),
    list: (q) => projects.list(q),
    listJson: (q) => projects.listJson(q),
    my: (user) => projects.my(user),
    move: (id, user, action) => status.move(id, user, action),
    remove: (id, user) => status.remove(id, user),
    closeExpired: (today) => status.closeExpired(today),
    apply: (projectId, user, body) => applications.apply(projectId, user, body),
    listApplications: (projectId, user, q) => applications.list(projectId, user, q),
    accept: (projectId, appId, user, reviewNote) => applications.accept(projectId, appId, user, reviewNote),
    reject: (projectId, appId, user, reviewNote) => applications.reject(projectId, appId, user, reviewNote),
    cancel: (projectId, appId, user, applicantId) => applications.cancel(projectId, appId, user, applicantId),
  };
}
