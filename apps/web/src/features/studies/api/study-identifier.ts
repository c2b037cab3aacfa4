/**
 * SPEC §5: a study identifier is an id when it matches the UUID pattern, otherwise a slug. The
 * slug lookup answers for APPROVED, IN_PROGRESS, COMPLETED and PENDING studies; when it fails
 * with 404 the web searches the list (GET /api/studies) for a study whose slug or title matches
 * (old links, titles typed by hand, slugs renamed).
 */
import { isStudyUuid, study, type Study } from '@moim/contract';
import { ApiError, api, arrayOf } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';

export type IdentifierKind = 'id' | 'slug';

export function identifierKind(identifier: string): IdentifierKind {
  return isStudyUuid(identifier) ? 'id' : 'slug';
}

function normalize(s: string): string {
  return s
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** The best match for `identifier` among `studies`: same slug, slug without the generation, or same title. */
export function matchStudy(identifier: string, studies: readonly Study[]): Study | null {
  let wanted = identifier;
  try {
    wanted = decodeURIComponent(identifier);
  } catch {
    /* keep as is */
  }
  const w = normalize(wanted);
  return (
    studies.find((s) => normalize(s.slug) === w) ??
    studies.find((s) => normalize(s.slug).replace(/^\d+-/, '') === w.replace(/^\d+-/, '')) ??
    studies.find((s) => normalize(s.title) === w) ??
    null
  );
}

export async function fetchStudyByIdentifier(identifier: string, signal?: AbortSignal): Promise<Study> {
  if (identifierKind(identifier) === 'id') return api.get(studiesPaths.byId(identifier), { signal, schema: import.meta.env.DEV && study });
  try {
    return await api.get(studiesPaths.bySlug(identifier), { signal, schema: import.meta.env.DEV && study });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    let q = identifier;
    try {
      q = decodeURIComponent(identifier);
    } catch {
      /* keep */
    }
    const words = q.replace(/^\d+-/, '').replace(/-/g, ' ');
    let found = words
      ? matchStudy(
          identifier,
          (await api.get(studiesPaths.root, {
            signal,
            query: { q: words, limit: 100 },
            schema: import.meta.env.DEV && arrayOf(study),
          })) ?? [],
        )
      : null;
    found ??= matchStudy(
      identifier,
      (await api.get(studiesPaths.root, { signal, query: { limit: 100 }, schema: import.meta.env.DEV && arrayOf(study) })) ?? [],
    );
    if (!found) throw err;
    // The list item lacks the viewer relation: load the full study by its id.
    return api.get(studiesPaths.byId(found.id), { signal, schema: import.meta.env.DEV && study });
  }
}
