/**
 * Reads whose texts the server writes in the account's language (the inbox's notices): a query
 * marks itself with `meta: serverLocaleMeta`, and when the account's language changes the shell
 * reads every such query again (`isServerLocaleQuery`), without knowing the features' keys.
 */
import type { Query } from '@tanstack/react-query';

export const serverLocaleMeta = { serverLocale: true } as const;

export const isServerLocaleQuery = (q: Query): boolean => q.meta?.serverLocale === true;
