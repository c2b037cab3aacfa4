/**
 * Members' data export (docs/privacy.md "Export"): a member asks for an archive of everything
 * moim holds about them; a job prepares it (JSON files and a README in a zip); it can be
 * downloaded for DATA_EXPORT_DAYS days after it is ready, behind a fresh proof of identity.
 */
import { z } from 'zod';

/** How long a prepared archive can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

export const DATA_EXPORT_STATUSES = ['PENDING', 'READY', 'EXPIRED', 'FAILED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExport = z.object({
  id: z.uuid(),
  /** PENDING: being prepared; READY: can be downloaded until `expiresAt`; EXPIRED: removed; FAILED: ask again */
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** the zip's size in bytes once ready */
  sizeBytes: z.number().int().nullable(),
  /** the last download, if any */
  downloadedAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/** The member's exports, newest first (the last few). */
export const dataExportList = z.array(dataExport);
export const dataExportIdParam = z.object({ id: z.uuid() });

/** The downloaded file's name before its date: moim-data-export-2026-11-29.zip */
export const DATA_EXPORT_FILE_PREFIX = 'moim-data-export';
