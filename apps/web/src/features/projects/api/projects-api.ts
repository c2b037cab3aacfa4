/**
 * The projects API (docs/projects.md): one `queryOptions` factory per read endpoint and a hook
 * per write, typed by the contract. Keys form one tree so a write can refresh a branch.
 */
import {
  DEFAULT_PAGE_SIZE,
  deletedWithId,
  myProjects,
  project,
  projectApplication,
  projectApplicationPage,
  projectListPage,
  type Project,
  type ProjectAction,
  type ProjectApplicationStatus,
  type ProjectApplyInput,
  type ProjectBodyInput,
  type ProjectCreateInput,
  liveTopicOf,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildQuery } from '../../../shared/api/client';
import { useLiveInvalidation, usePollUnlessLive } from '../../../shared/live/use-live';
import { projectsPaths } from '../../../shared/api/paths/projects';
import { toQuery, type ProjectListFilters } from '../lib/list-filters';

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (f: ProjectListFilters, size: number) => ['projects', 'list', f, size] as const,
  details: () => ['projects', 'detail'] as const,
  detail: (slug: string) => ['projects', 'detail', slug] as const,
  my: () => ['projects', 'my'] as const,
  /** every status filter and page of one project's applications */
  projectApplications: (projectId: string) => ['projects', 'applications', projectId] as const,
  applications: (projectId: string, status: ProjectApplicationStatus | 'ALL', page: number) =>
    ['projects', 'applications', projectId, status, page] as const,
};

/** The list's request: its path and query (the server's render of /project reads the same). */
export const projectListPath = (f: ProjectListFilters, size = DEFAULT_PAGE_SIZE) => projectsPaths.root + buildQuery(toQuery(f, size));

export const projectListOptions = (f: ProjectListFilters, size = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: projectKeys.list(f, size),
    queryFn: ({ signal }) => api.get(projectListPath(f, size), { signal, schema: import.meta.env.DEV && projectListPage }),
    placeholderData: keepPreviousData,
  });

/** The detail page (counts the caller's view once a day on the server). */
export const projectOptions = (slug: string) =>
  queryOptions({
    queryKey: projectKeys.detail(slug),
    queryFn: ({ signal }) => api.get(projectsPaths.bySlug(slug), { signal, schema: import.meta.env.DEV && project }),
    staleTime: 30_000,
  });

export const myProjectsOptions = () =>
  queryOptions({
    queryKey: projectKeys.my(),
    queryFn: ({ signal }) => api.get(projectsPaths.my, { signal, schema: import.meta.env.DEV && myProjects }),
  });

export const applicationsOptions = (projectId: string, status: ProjectApplicationStatus | 'ALL', page: number) =>
  queryOptions({
    queryKey: projectKeys.applications(projectId, status, page),
    queryFn: ({ signal }) =>
      api.get(projectsPaths.applications(projectId), {
        signal,
        query: { page, size: 10, sort: 'createdAt,desc', status: status === 'ALL' ? undefined : status },
        schema: import.meta.env.DEV && projectApplicationPage,
      }),
    placeholderData: keepPreviousData,
  });

/** The owner's list: applications arrive over the live channel (docs/live.md); polled only while it is down. */
export function useProjectApplications(projectId: string, status: ProjectApplicationStatus | 'ALL', page: number) {
  useLiveInvalidation(liveTopicOf('project-applications', projectId), [projectKeys.projectApplications(projectId), projectKeys.my()]);
  return useQuery({ ...applicationsOptions(projectId, status, page), refetchInterval: usePollUnlessLive(30_000) });
}

function useRefresh() {
  const qc = useQueryClient();
  return (project?: Project) => {
    if (project) qc.setQueryData(projectKeys.detail(project.slug), project);
    void qc.invalidateQueries({ queryKey: projectKeys.all });
  };
}

export function useCreateProject() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProjectCreateInput) => api.post(projectsPaths.root, body, { schema: import.meta.env.DEV && project }),
    onSuccess: (p) => refresh(p),
  });
}

export function useReplaceProject(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProjectBodyInput) => api.put(projectsPaths.byId(id), body, { schema: import.meta.env.DEV && project }),
    onSuccess: (p) => refresh(p),
  });
}

export function useMoveProject(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: ProjectAction) => api.post(projectsPaths.status(id), { action }, { schema: import.meta.env.DEV && project }),
    onSuccess: (p) => refresh(p),
  });
}

export function useDeleteProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(projectsPaths.byId(id), { schema: import.meta.env.DEV && deletedWithId }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: projectKeys.details() });
      void qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function useApply(projectId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProjectApplyInput) =>
      api.post(projectsPaths.applications(projectId), body, { schema: import.meta.env.DEV && projectApplication }),
    onSuccess: () => refresh(),
  });
}

/** The names study applications use: accept (an optional note), reject (a note), cancel (DELETE, by the applicant). */
type Decision = { applicationId: string } & (
  { verb: 'accept'; reviewNote?: string } | { verb: 'reject'; reviewNote: string } | { verb: 'cancel'; applicantId: string }
);

export function useDecide(projectId: string) {
  const refresh = useRefresh();
  const schema = import.meta.env.DEV && projectApplication;
  return useMutation({
    mutationFn: (d: Decision) =>
      d.verb === 'cancel'
        ? api.delete(projectsPaths.application(projectId, d.applicationId), { query: { applicantId: d.applicantId }, schema })
        : api.post(
            projectsPaths.decide(projectId, d.applicationId, d.verb),
            d.reviewNote === undefined ? undefined : { reviewNote: d.reviewNote },
            { schema },
          ),
    onSuccess: () => refresh(),
  });
}
