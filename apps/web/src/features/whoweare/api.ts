/** GET /api/public/users/whoweare-members through the public content client. */
import { whoweareMembers, type WhoweareMember } from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sitePaths } from '../../shared/api/paths/site';
import { publicGet } from '../../shared/api/public-client';

export type Member = WhoweareMember;

export const whoweareKeys = {
  members: () => ['public', 'whoweare-members'] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: whoweareKeys.members(),
    queryFn: async () => {
      const list = await publicGet(sitePaths.whoweareMembers, { schema: import.meta.env.DEV && whoweareMembers });
      return [...(list ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });

export function useMembers() {
  return useQuery(membersQuery());
}
