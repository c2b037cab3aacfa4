import { z } from 'zod';

/** GET /api/public/config: what the browser needs to know about this installation. */
export const publicConfig = z.object({
  querydailyUrl: z.string().url(),
  paymentMode: z.enum(['test', 'live']),
  locales: z.array(z.enum(['ko', 'en'])),
  defaultLocale: z.enum(['ko', 'en']),
});
export type PublicConfig = z.infer<typeof publicConfig>;
