/** Back-office calls (/api/admin/studies…, ROLE_ADMIN). */
import type { AdminStudy, Page, StudyStatus } from '@moim/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { studyKeys } from '../api/keys';

export interface AdminFilter {
  status: StudyStatus[];
  deleted: 'all' | 'only' | 'hide';
  q: string;
  page: number;
}

export function useAdminStudies(f: AdminFilter & { view: 'queue' | 'all' }) {
  return useQuery({
    queryKey: [...studyKeys.admin(), 'list', f],
    queryFn: ({ signal }) =>
      f.view === 'queue'
        ? api.get<Page<AdminStudy>>('/api/admin/studies/queue', { signal, query: { page: f.page, size: 20, sort: 'createdAt,asc' } })
        : api.get<Page<AdminStudy>>('/api/admin/studies', {
            signal,
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
}

export function useAdminStudy(id: string | undefined) {
  return useQuery({
    queryKey: [...studyKeys.admin(), 'one', id],
    queryFn: ({ signal }) => api.get<AdminStudy>(`/api/admin/studies/${id}`, { signal }),
    enabled: !!id,
  });
}
