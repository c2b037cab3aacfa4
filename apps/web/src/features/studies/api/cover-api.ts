/**
 * A study's cover image (PUT/DELETE /api/studies/{id}/cover, leader or admin): the file is
 * read as base64 and its type taken from its first bytes, as the server checks it.
 */
import { study, type Study, type StudyCoverBody } from '@moim/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { readAsBase64 } from '../../../shared/lib/read-as-base64';
import { restartCoverPoll } from './cover-polling';
import { studyKeys } from './keys';

/** PNG, JPEG, GIF or WebP by the file's first bytes (null: none of them). */
export function sniffImageType(head: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export async function coverBodyOf(file: File): Promise<StudyCoverBody | null> {
  const mimeType = sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!mimeType) return null;
  return { base64: await readAsBase64(file), fileName: file.name || 'cover', mimeType };
}

/** Upload (or replace) a study's cover: the study, PENDING until processed. */
export const uploadCover = (studyId: string, body: StudyCoverBody) =>
  api.put(studiesPaths.cover(studyId), body, { schema: import.meta.env.DEV && study });

/** The study a cover call answered, into the detail caches (by id and slug); a new PENDING stretch starts. */
export function studyChanged(qc: QueryClient, study: Study) {
  for (const key of [studyKeys.detail(study.id), studyKeys.detail(study.slug)]) {
    restartCoverPoll(qc.getQueryCache().find({ queryKey: key, exact: true }));
    qc.setQueryData(key, study);
  }
  void qc.invalidateQueries({ queryKey: studyKeys.all });
}

function useStudyChanged() {
  const qc = useQueryClient();
  return (study: Study) => studyChanged(qc, study);
}

export function useUploadCover(studyId: string) {
  const changed = useStudyChanged();
  return useMutation({
    mutationFn: (body: StudyCoverBody) => uploadCover(studyId, body),
    onSuccess: changed,
  });
}

export function useRemoveCover(studyId: string) {
  const changed = useStudyChanged();
  return useMutation({
    mutationFn: () => api.delete(studiesPaths.cover(studyId), { schema: import.meta.env.DEV && study }),
    onSuccess: changed,
  });
}
