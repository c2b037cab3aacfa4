/**
 * Public names and pictures of players for the boards, from the users service
 * (`publicProfiles` of the injected users interface, no email). A short cache keeps the hot board reads off
 * the database; a renamed player shows the new name within a minute. Deactivated or deleted
 * accounts keep their place on a board but not their name or picture.
 */
import type { Clock } from '../../clock.ts';
import type { UsersService } from '../users/index.ts';

export interface PublicProfile {
  name: string | null;
  profileImage: string | null;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

export class UserDirectory {
  private readonly cache = new Map<string, { p: PublicProfile | null; until: number }>();

  constructor(
    private readonly users: Pick<UsersService, 'publicProfiles'>,
    private readonly clock: Clock,
  ) {}

  /** Profiles of the ids that exist (unknown ids are left out). */
  async profiles(ids: string[]): Promise<Map<string, PublicProfile>> {
    const out = new Map<string, PublicProfile>();
    const missing: string[] = [];
    const now = this.clock().getTime();
    for (const id of ids) {
      const hit = this.cache.get(id);
      if (hit && hit.until > now) {
        if (hit.p) out.set(id, hit.p);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const found = await this.users.publicProfiles([...new Set(missing)]);
      if (this.cache.size + missing.length > MAX_ENTRIES) this.cache.clear();
      for (const id of missing) {
        const r = found.get(id);
        const p: PublicProfile | null = r
          ? r.active
            ? { name: r.name, profileImage: r.profileImageThumb ?? r.profileImage }
            : { name: null, profileImage: null }
          : null;
        this.cache.set(id, { p, until: now + TTL_MS });
        if (p) out.set(id, p);
      }
    }
    return out;
  }

  /** Forget a player's cached profile (e.g. right after their profile changed). */
  forget(id: string): void {
    this.cache.delete(id);
  }
}
