/**
 * Translations, Korean first (./translator.ts; `useTranslation` in ./use-translation.ts). The
 * shared catalogue (namespace `translation`) is bundled in Korean; every other namespace (one per
 * feature) and all English text are fetched on demand, so the home route never downloads the
 * other features' strings. A component that uses a namespace not loaded yet suspends until it
 * arrives; route pages made with `lazyPage(load, ns)` fetch it together with their code (and the
 * shared strings only pages use, see loadPageStrings). The chosen language is kept in
 * localStorage under `lang` and mirrored on <html lang>.
 */
import { addJosaFormatter } from './josa';
import { i18n, type Catalogue, type CatalogueLoader } from './translator';

export type Locale = 'ko' | 'en';
export const LOCALES: Locale[] = ['ko', 'en'];
const LANG_KEY = 'lang';

export type { Catalogue, CatalogueLoader, TFunction } from './translator';
export { useTranslation } from './use-translation';

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ko') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'ko';
}

export async function initI18n(koShared: Catalogue, load: CatalogueLoader, lng: Locale = initialLocale()): Promise<typeof i18n> {
  i18n.init({ lng: 'ko', resources: { ko: { translation: koShared } }, load });
  // `{{word, josa(p: 은/는)}}`: the particle that fits the word (Korean catalogues only).
  addJosaFormatter(i18n);
  // English: its shared catalogue arrives before the first render
  if (lng !== 'ko') await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') setDocumentLanguage(i18n.language);
  return i18n;
}

/** <html lang> and the site's default title ("moim · 모임" in Korean, "moim" in English). */
function setDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  if (document.title === 'moim · 모임' || document.title === 'moim') document.title = lng === 'en' ? 'moim' : 'moim · 모임';
}

let pageStrings: Promise<void> | undefined;

/**
 * The shared Korean strings that only pages use (form errors, the pager, schedule lines:
 * ./ko-pages.json) are a chunk of their own, out of the start-up chunk: they join the
 * `translation` namespace before any page renders, as `lazyPage` loads them with every page
 * (`loadNamespaces`). English has them in en.json, which is fetched whole.
 */
export function loadPageStrings(): Promise<void> {
  pageStrings ??= import('./ko-pages.json').then(
    (m) => {
      const add = () => void i18n.addResourceBundle('ko', 'translation', m.default);
      if (i18n.isInitialized) add();
      else i18n.on('initialized', add);
    },
    (err: unknown) => {
      pageStrings = undefined; // offline: try again with the next page
      throw err;
    },
  );
  return pageStrings;
}

/** A page's namespaces, and the shared page strings (loadPageStrings). */
export function loadNamespaces(ns: string | string[] = []): Promise<void> {
  return Promise.all([i18n.loadNamespaces(ns), loadPageStrings()]).then(() => undefined);
}

export async function changeLocale(lng: Locale): Promise<void> {
  await i18n.changeLanguage(lng);
  setDocumentLanguage(lng);
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    /* ignore */
  }
  // the server's copy (public/theme-init.js writes it on every load too): an English reader's
  // next page is the app shell, never a page prerendered in Korean
  document.cookie = `${LANG_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'ko';
}

export { i18n };
