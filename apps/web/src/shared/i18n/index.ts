/**
 * i18next, Korean first. The shared catalogue (namespace `translation`) is bundled in Korean;
 * every other namespace (one per feature) and all English text are fetched on demand through a
 * tiny backend, so the home route never downloads the other features' strings. A component
 * that uses a namespace not loaded yet suspends (react-i18next) until it arrives; route pages
 * made with `lazyPage(load, ns)` fetch it together with their code (and the shared strings only
 * pages use, see loadPageStrings). The chosen language is
 * kept in localStorage under `lang` and mirrored on <html lang>.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addJosaFormatter } from './josa';

export type Locale = 'ko' | 'en';
export const LOCALES: Locale[] = ['ko', 'en'];
const LANG_KEY = 'lang';

export type CatalogueLoader = (lng: string, ns: string) => Promise<ResourceKey | null>;

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ko') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'ko';
}

export async function initI18n(koShared: ResourceKey, load: CatalogueLoader, lng: Locale = initialLocale()): Promise<typeof i18next> {
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      load(language, namespace).then(
        (data) => callback(null, data ?? {}),
        (err: unknown) => callback(err as Error, false),
      );
    },
  };
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      resources: { ko: { translation: koShared } },
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      lng,
      fallbackLng: 'ko',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  // `{{word, josa(p: 은/는)}}`: the particle that fits the word (Korean catalogues only).
  addJosaFormatter(i18next);
  if (typeof document !== 'undefined') setDocumentLanguage(i18next.language);
  return i18next;
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
      const add = () => void i18next.addResourceBundle('ko', 'translation', m.default, true, false);
      if (i18next.isInitialized) add();
      else i18next.on('initialized', add);
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
  return Promise.all([i18next.loadNamespaces(ns), loadPageStrings()]).then(() => undefined);
}

export async function changeLocale(lng: Locale): Promise<void> {
  await i18next.changeLanguage(lng);
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
  return i18next.language === 'en' ? 'en' : 'ko';
}

export { i18next };
