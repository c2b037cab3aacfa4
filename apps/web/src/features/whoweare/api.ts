/** GET /api/public/users/whoweare-members through the public content client. */
import { whoweareMembers, type WhoweareMember } from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sitePaths } from '../../shared/api/paths/site';
import { publicGet } from '../../shared/api/public-client';
import { compareText } from '../../shared/lib/compare-text';

export type Member = WhoweareMember;

export const whoweareKeys = {
  members: () => ['public', 'whoweare-members'] as const,
};

/** The team in the pages' order: by sort order, then name. */
export const sortMembers = (list: readonly Member[] | null | undefined): Member[] =>
  [...(list ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || compareText(a.name, b.name));

export const membersQuery = () =>
  queryOptions({
    queryKey: whoweareKeys.members(),
    queryFn: async () => sortMembers(await publicGet(sitePaths.whoweareMembers, { schema: import.meta.env.DEV && whoweareMembers })),
    staleTime: 5 * 60_000,
  });

export function useMembers() {
  return useQuery(membersQuery());
}
