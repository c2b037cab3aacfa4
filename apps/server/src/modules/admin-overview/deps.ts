import type { AdminPaymentCounts } from '@moim/contract';
import type { StudiesService } from '../studies/index.ts';

/** What this module needs from the modules below it (its factory's `deps`). */
export interface AdminOverviewDeps {
  studies: Pick<StudiesService, 'countPendingApprovals'>;
  payments: { adminCounts(): Promise<AdminPaymentCounts> };
}
