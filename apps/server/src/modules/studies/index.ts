/**
 * The studies module's public interface: what other modules may ask of studies (they never read
 * its tables). Factory: `studiesModule` (legacy registration, being converted).
 */
export type { StudiesService, StudyRef, StudyCallerAccess } from './service.ts';
export type { ApplicationForPayment } from './payment-hooks.ts';
