/**
 * Public site configuration. The daily-questions service's address comes from the server
 * (GET /api/public/config → { querydailyUrl }); without that endpoint, from the build
 * (VITE_QUERYDAILY_URL), defaulting to https://querydaily.moim.dev.
 */
import { useQuery } from '@tanstack/react-query';
import { shellPaths } from '../api/paths/shell';
import { publicGet } from '../api/public-client';

export const DEFAULT_QUERYDAILY_URL = (import.meta.env.VITE_QUERYDAILY_URL as string | undefined) || 'https://querydaily.moim.dev';

export interface PublicConfig {
  querydailyUrl?: string;
}

export function useQueryDailyUrl(): string {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: () => publicGet<PublicConfig>(shellPaths.site.config),
    staleTime: Infinity,
    retry: false,
  });
  const url = data?.querydailyUrl;
  return url && /^https?:\/\//.test(url) ? url : DEFAULT_QUERYDAILY_URL;
}
