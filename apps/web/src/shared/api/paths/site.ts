/** The public site's paths (SPEC §7) beyond the shell's (./shell.ts). */
import { shellPaths } from './shell';

export const sitePaths = {
  ...shellPaths.site,
  whoweareMembers: '/api/public/users/whoweare-members',
} as const;
