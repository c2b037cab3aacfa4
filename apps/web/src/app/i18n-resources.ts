/**
 * Collects the translation catalogues: the shared one (namespace `translation`) and one per
 * feature (`features/<name>/i18n/{ko,en}.json`, namespace `<name>`). Korean is bundled; English
 * is loaded when the user switches to it.
 */
import type { Resource } from 'i18next';
import koShared from '../shared/i18n/ko.json';

const koFeatures = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/i18n/ko.json', { eager: true });
const enFeatures = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/i18n/en.json');

const nsOf = (path: string) => path.split('/')[2]!;

export const koResources: Resource['ko'] = {
  translation: koShared,
  ...Object.fromEntries(Object.entries(koFeatures).map(([p, m]) => [nsOf(p), m.default])),
};

export async function loadEnglish(): Promise<Resource['en']> {
  const shared = (await import('../shared/i18n/en.json')).default;
  const entries = await Promise.all(Object.entries(enFeatures).map(async ([p, load]) => [nsOf(p), (await load()).default] as const));
  return { translation: shared, ...Object.fromEntries(entries) };
}
