/** GET /api/admin/overview: what waits for an administrator, for the back office's home cards. */
import { z } from 'zod';

export const adminOverview = z.object({
  /** proposed studies waiting for approval */
  pendingStudyApprovals: z.number().int().min(0),
  /** bank transfers the payer reported as sent, waiting for an admin to confirm */
  depositsToConfirm: z.number().int().min(0),
  /** refund requests waiting for an admin's decision */
  refundsToDecide: z.number().int().min(0),
  /** deposit refunds to pay by bank transfer, waiting for an admin to send them */
  depositPayoutsToSend: z.number().int().min(0),
  /** deposit refunds whose card refund the provider refused, waiting for an admin to retry */
  depositRefundsFailed: z.number().int().min(0),
});
export type AdminOverview = z.infer<typeof adminOverview>;
/** The payments module's share of the overview. */
export type AdminPaymentCounts = Omit<AdminOverview, 'pendingStudyApprovals'>;
