/** GET /api/public/users/whoweare-members through the public content client. */
import { whoweareMembers, type WhoweareMember } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { sitePaths } from '../../shared/api/paths/site';
import { publicGet } from '../../shared/api/public-client';

export type Member = WhoweareMember;

export function useMembers() {
  return useQuery({
    queryKey: ['public', 'whoweare-members'],
    queryFn: async () => {
      const list = await publicGet(sitePaths.whoweareMembers, { schema: import.meta.env.DEV && whoweareMembers });
      return [...(list ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });
}
