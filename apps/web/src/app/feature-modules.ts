/**
 * Other features plug into the shell through `features/<feature>/routes.tsx`, which may export:
 *   routes       RouteObject[] — pages of the main site (lazy: use `lazyPage` from shared/chunk)
 *   slots        ShellSlots — header notifications, profile sections (shared/shell/slots)
 * They are discovered at build time, so a feature appears as soon as its folder has routes.tsx.
 * Its back-office pages are in `features/<feature>/admin-routes.tsx` (app/admin-area.tsx, a chunk
 * of its own), not here: this table is in the start-up chunk.
 */
import type { RouteObject } from 'react-router';
import type { ShellSlots } from '../shared/shell/slots';

export interface FeatureModule {
  routes?: RouteObject[];
  slots?: ShellSlots;
}

const modules = import.meta.glob<FeatureModule>('../features/*/routes.tsx', { eager: true });

export const features: Array<{ name: string; module: FeatureModule }> = Object.entries(modules)
  .map(([path, module]) => ({ name: path.split('/')[2]!, module }))
  // Plain code-unit order (folder names are ASCII): `localeCompare` would build an ICU collator
  // while the start-up chunk is evaluated (≈ 6 ms of CPU, 24 ms under 4× throttling; docs/rendering.md).
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

export const featureRoutes: RouteObject[] = features.flatMap((f) => f.module.routes ?? []);

export const shellSlots: ShellSlots = {
  headerNotifications: features.map((f) => f.module.slots?.headerNotifications).find(Boolean),
  profileSections: features
    .map((f, i) => ({ i, order: f.module.slots?.profileOrder ?? 0, sections: f.module.slots?.profileSections ?? [] }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .flatMap((f) => f.sections),
};

/** Every path a route tree declares, params normalised to ':' (to spot what a feature covers). */
export function declaredPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const here = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    const own = r.path !== undefined || r.index ? [normalisePath(here || '/')] : [];
    return [...own, ...declaredPaths(r.children ?? [], here)];
  });
}
export const normalisePath = (p: string) => p.replace(/:[^/]+/g, ':').replace(/\/+$/, '') || '/';
