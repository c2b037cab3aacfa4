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

/**
 * The module's interface over its three services (built in index.ts): it hands each call to the
 * service that holds its rules.
 */
export class ProjectsService {
  constructor(
    private readonly projects: ProjectService,
    private readonly status: StatusService,
    private readonly applications: ApplicationService,
  ) {}

  /** A new project owned by `user`: a DRAFT, or RECRUITING with `publish`. */
  create(user: AuthUser, body: ProjectCreateBody): Promise<Project> {
    return this.projects.create(user, body);
  }

  /** The owner's form, whole (owner or admin). */
  replace(id: string, user: AuthUser, body: ProjectBody): Promise<Project> {
    return this.projects.replace(id, user, body);
  }

  getById(id: string, user: AuthUser | null): Promise<Project> {
    return this.projects.getById(id, user);
  }

  /** The detail page; `hint` (address, browser) counts a guest once a day. */
  getBySlug(slug: string, user: AuthUser | null, hint: ViewerHint | null): Promise<Project> {
    return this.projects.getBySlug(slug, user, hint);
  }

  list(q: ProjectListQuery): Promise<Page<ProjectSummary>> {
    return this.projects.list(q);
  }

  /** `list` as its envelope's JSON (GET /api/projects sends it as it is). */
  listJson(q: ProjectListQuery): Promise<string> {
    return this.projects.listJson(q);
  }

  my(user: AuthUser): Promise<MyProjects> {
    return this.projects.my(user);
  }

  move(id: string, user: AuthUser, action: ProjectAction): Promise<Project> {
    return this.status.move(id, user, action);
  }

  remove(id: string, user: AuthUser): Promise<void> {
    return this.status.remove(id, user);
  }

  /** The deadline job's work for the Seoul date `today` (default: today). Returns how many closed. */
  closeExpired(today?: string): Promise<number> {
    return this.status.closeExpired(today);
  }

  apply(projectId: string, user: AuthUser, body: ProjectApplyBody): Promise<ProjectApplication> {
    return this.applications.apply(projectId, user, body);
  }

  listApplications(projectId: string, user: AuthUser, q: ProjectApplicationListQuery): Promise<Page<ProjectApplication>> {
    return this.applications.list(projectId, user, q);
  }

  accept(projectId: string, appId: string, user: AuthUser, reviewNote?: string): Promise<ProjectApplication> {
    return this.applications.accept(projectId, appId, user, reviewNote);
  }

  reject(projectId: string, appId: string, user: AuthUser, reviewNote: string): Promise<ProjectApplication> {
    return this.applications.reject(projectId, appId, user, reviewNote);
  }

  cancel(projectId: string, appId: string, user: AuthUser, applicantId: string): Promise<ProjectApplication> {
    return this.applications.cancel(projectId, appId, user, applicantId);
  }
}
