/**
 * Where the translation catalogues live: the shared one (`shared/i18n/{ko,en}.json`, namespace
 * `translation`; Korean bundled) and one per feature (`features/<name>/i18n/{ko,en}.json`,
 * namespace `<name>`), each its own small chunk fetched when first used (see shared/i18n).
 */
import type { Catalogue } from '../shared/i18n';
import koShared from '../shared/i18n/ko.json';

const featureCatalogues = import.meta.glob<{ default: Catalogue }>('../features/*/i18n/{ko,en}.json');
// A part of a feature with strings of its own (features/<feature>/<part>/i18n, namespace `<part>`).
const partCatalogues = import.meta.glob<{ default: Catalogue }>('../features/*/*/i18n/{ko,en}.json');

export const koSharedCatalogue: Catalogue = koShared;

export async function loadCatalogue(lng: string, ns: string): Promise<Catalogue | null> {
  if (ns === 'translation') return lng === 'en' ? (await import('../shared/i18n/en.json')).default : koShared;
  const load =
    featureCatalogues[`../features/${ns}/i18n/${lng}.json`] ??
    Object.entries(partCatalogues).find(([path]) => path.endsWith(`/${ns}/i18n/${lng}.json`))?.[1];
  return load ? (await load()).default : null;
}
