/** Back-office calls (/api/admin/studies…, ROLE_ADMIN). */
import { adminStudy, adminStudyPage, type StudyStatus } from '@moim/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { adminStudiesPaths } from '../../../shared/api/paths/studies';
import { studyKeys } from '../api/keys';

export interface AdminFilter {
  status: StudyStatus[];
  deleted: 'all' | 'only' | 'hide';
  q: string;
  page: number;
}

export const adminStudiesQuery = (f: AdminFilter & { view: 'queue' | 'all' }) =>
  queryOptions({
    queryKey: studyKeys.adminList(f),
    queryFn: ({ signal }) =>
      f.view === 'queue'
        ? api.get(adminStudiesPaths.queue, {
            signal,
            query: { page: f.page, size: 20, sort: 'createdAt,asc' },
            schema: import.meta.env.DEV && adminStudyPage,
          })
        : api.get(adminStudiesPaths.root, {
            signal,
            schema: import.meta.env.DEV && adminStudyPage,
            query: {
              page: f.page,
              size: 20,
              status: f.status,
              deleted: f.deleted === 'all' ? undefined : f.deleted === 'only',
              q: f.q || undefined,
            },
          }),
    placeholderData: keepPreviousData,
  });

export function useAdminStudies(f: AdminFilter & { view: 'queue' | 'all' }) {
  return useQuery(adminStudiesQuery(f));
}

export const adminStudyQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: studyKeys.adminStudy(id),
    queryFn: ({ signal }) => api.get(adminStudiesPaths.byId(id!), { signal, schema: import.meta.env.DEV && adminStudy }),
    enabled: !!id,
  });

export function useAdminStudy(id: string | undefined) {
  return useQuery(adminStudyQuery(id));
}
