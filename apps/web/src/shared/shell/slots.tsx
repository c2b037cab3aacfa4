/**
 * Extension points of the site shell that other features fill without the shell importing
 * them. A feature exports `slots` from its routes.tsx; the app collects them.
 *   export const slots: ShellSlots = { headerNotifications: lazy(() => import('./unread-bell')) };
 * - headerNotifications: the unread-notifications button in the header (signed-in users only).
 * - profileSections: sections added to /users/me below the profile card ("my studies" …), in
 *   the order of their features' `profileOrder` (lower first, 0 when not set; then by name).
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface ShellSlots {
  headerNotifications?: ComponentType;
  profileSections?: ComponentType[];
  /** where this feature's profile sections stand among the others' (lower first; default 0) */
  profileOrder?: number;
}

export const ShellSlotsContext = createContext<ShellSlots>({});
export const useShellSlots = () => useContext(ShellSlotsContext);
