/** What the privacy module needs from auth's lower layer, declared here (docs/architecture.md). */
import type { AuthUser } from '../../http/auth-guard.ts';

/** AUTH-1023 unless the caller's session proved who it is in the last 5 minutes. */
export interface StepUp {
  requireRecentProof(user: AuthUser): Promise<void>;
}
