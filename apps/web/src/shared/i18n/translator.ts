/**
 * The app's translations, without a library (docs/decisions/2026-12-02-own-translator.md):
 * catalogues per language and namespace, `t(key, options)` over nested keys, `{{value}}`
 * interpolation with formatters (`{{word, josa(p: 은/는)}}`), plurals by Intl.PluralRules
 * (`key_one` / `key_other`, `key_zero` for a count of 0), Korean as the fallback language, and
 * namespaces fetched on demand through one loader. The catalogue format is i18next's JSON v4, so
 * the catalogues did not change.
 */

export type Catalogue = { [key: string]: unknown };
export type CatalogueLoader = (lng: string, ns: string) => Promise<Catalogue | null>;
/** `ns`, `lng`, `count`, `returnObjects`, `defaultValue`, and the values a text interpolates */
export type TOptions = Record<string, unknown>;

/** A translation function; the namespace parameter documents which catalogue it reads. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export interface TFunction<Ns extends string = string> {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/** `{{value, name(a: b; c: d)}}`: the value, the language, and the options in the brackets. */
export type Formatter = (value: unknown, lng: string, options: Record<string, string>) => string;

export const FALLBACK_LANGUAGE = 'ko';
export const DEFAULT_NAMESPACE = 'translation';

type Event = 'languageChanged' | 'initialized';
const NAMESPACE_PREFIX = /^([a-z][a-z-]*):(?=\S)/;
const PLACEHOLDER = /\{\{([^{}]+)\}\}/g;

const isTree = (v: unknown): v is Catalogue => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A key path in a tree; a segment may itself hold dots (`{"a.b": …}`), as i18next allowed. */
function find(tree: unknown, parts: string[], from = 0): unknown {
  if (from === parts.length) return tree;
  if (!isTree(tree)) return undefined;
  for (let to = from + 1; to <= parts.length; to++) {
    const segment = to === from + 1 ? parts[from]! : parts.slice(from, to).join('.');
    if (Object.hasOwn(tree, segment)) {
      const found = find(tree[segment], parts, to);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function merge(into: Catalogue, from: Catalogue, overwrite: boolean): void {
  for (const [k, v] of Object.entries(from)) {
    const here = into[k];
    if (isTree(here) && isTree(v)) {
      // copied, not changed in place: a catalogue may be a module's own object
      const copy = { ...here };
      merge(copy, v, overwrite);
      into[k] = copy;
    } else if (overwrite || here === undefined) into[k] = v;
  }
}

function parseFormat(spec: string): { name: string; options: Record<string, string> } {
  const open = spec.indexOf('(');
  if (open < 0 || !spec.endsWith(')')) return { name: spec.trim(), options: {} };
  const options: Record<string, string> = {};
  for (const pair of spec.slice(open + 1, -1).split(';')) {
    const colon = pair.indexOf(':');
    if (colon > 0) options[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return { name: spec.slice(0, open).trim(), options };
}

export class Translator {
  language: string = FALLBACK_LANGUAGE;
  isInitialized = false;
  private readonly store = new Map<string, Catalogue>();
  private readonly pending = new Map<string, Promise<void>>();
  /** loads that failed: a component reading them renders with its keys rather than waiting forever */
  private readonly failed = new Set<string>();
  /** every namespace asked for so far: a new language loads them all before it is shown */
  private readonly namespaces = new Set<string>([DEFAULT_NAMESPACE]);
  private readonly formatters = new Map<string, Formatter>();
  private readonly listeners = new Map<Event, Set<(lng: string) => void>>();
  private readonly subscribers = new Set<() => void>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private loader: CatalogueLoader | null = null;
  private recording: Set<string> | null = null;
  private version = 0;

  init(options: { lng: string; resources?: Record<string, Record<string, Catalogue>>; load?: CatalogueLoader }): this {
    this.language = options.lng;
    this.loader = options.load ?? null;
    for (const [lng, byNs] of Object.entries(options.resources ?? {}))
      for (const [ns, catalogue] of Object.entries(byNs)) this.addResourceBundle(lng, ns, catalogue, true);
    this.isInitialized = true;
    this.emit('initialized', this.language);
    return this;
  }

  // --- catalogues -------------------------------------------------------------------------

  addResourceBundle(lng: string, ns: string, catalogue: Catalogue, overwrite = false): void {
    const key = `${lng}|${ns}`;
    const here = this.store.get(key);
    if (here) merge(here, catalogue, overwrite);
    else this.store.set(key, { ...catalogue });
    this.namespaces.add(ns);
    if (this.failed.delete(key)) this.changed();
  }

  addResource(lng: string, ns: string, key: string, value: unknown): void {
    const parts = key.split('.');
    const leaf = parts.pop()!;
    let tree: Catalogue = this.store.get(`${lng}|${ns}`) ?? {};
    this.store.set(`${lng}|${ns}`, tree);
    for (const part of parts) {
      if (!isTree(tree[part])) tree[part] = {};
      tree = tree[part] as Catalogue;
    }
    tree[leaf] = value;
  }

  getResource(lng: string, ns: string, key: string): unknown {
    return find(this.store.get(`${lng}|${ns}`), key.split('.'));
  }

  /** The languages a text is looked up in: the reader's, then Korean. */
  private languages(lng: string): string[] {
    return lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE];
  }

  /** Whether `ns` can be read in the current language (loaded, or its load failed). */
  isReady(ns: readonly string[], lng = this.language): boolean {
    return this.languages(lng).every((l) => ns.every((n) => this.store.has(`${l}|${n}`) || this.failed.has(`${l}|${n}`)));
  }

  /** Fetches the namespaces (in the current language and Korean); settles when each has arrived or failed. */
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const n of list) this.namespaces.add(n);
    return this.loadIn(this.language, list);
  }

  private loadIn(lng: string, ns: Iterable<string>): Promise<void> {
    const loads: Promise<void>[] = [];
    for (const l of this.languages(lng)) for (const n of ns) if (!this.store.has(`${l}|${n}`)) loads.push(this.loadOne(l, n));
    return loads.length === 0 ? Promise.resolve() : Promise.all(loads).then(() => undefined);
  }

  private loadOne(lng: string, ns: string): Promise<void> {
    const key = `${lng}|${ns}`;
    let load = this.pending.get(key);
    if (load) return load;
    const loader = this.loader;
    if (!loader) {
      this.failed.add(key);
      return Promise.resolve();
    }
    load = loader(lng, ns).then(
      (catalogue) => {
        this.pending.delete(key);
        this.addResourceBundle(lng, ns, catalogue ?? {});
      },
      () => {
        // offline, say: read with the keys for now; the next page's load asks again
        this.pending.delete(key);
        this.failed.add(key);
      },
    );
    this.pending.set(key, load);
    return load;
  }

  // --- language -------------------------------------------------------------------------

  /** Loads every namespace used so far in `lng`, then switches to it. */
  async changeLanguage(lng: string): Promise<void> {
    await this.loadIn(lng, this.namespaces);
    if (lng === this.language) return;
    this.language = lng;
    this.changed();
    this.emit('languageChanged', lng);
  }

  on(event: Event, listener: (lng: string) => void): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: Event, listener: (lng: string) => void): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: Event, lng: string): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(lng);
  }

  /** For useSyncExternalStore: the version changes when what `t` returns may have. */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.subscribers.add(onChange);
    return () => this.subscribers.delete(onChange);
  };

  readonly getVersion = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const s of [...this.subscribers]) s();
  }

  // --- which namespaces a render used (the prerender inlines them) -------------------------

  record(): void {
    this.recording = new Set();
  }

  recorded(): string[] {
    return [...(this.recording ?? [])];
  }

  noteUsed(ns: readonly string[]): void {
    if (this.recording) for (const n of ns) this.recording.add(n);
  }

  // --- texts ----------------------------------------------------------------------------

  addFormatter(name: string, format: Formatter): void {
    this.formatters.set(name, format);
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.lookup(key, options, [DEFAULT_NAMESPACE]).value !== undefined;
  }

  readonly t: TFunction = ((key: string, options?: TOptions) => this.translate(key, options ?? {}, [DEFAULT_NAMESPACE])) as TFunction;

  /** `t` reading `ns` by default, in `lng` (or whatever language is current when it is called). */
  getFixedT(lng: string | null, ns: string | readonly string[] = DEFAULT_NAMESPACE): TFunction {
    const list = typeof ns === 'string' ? [ns] : [...ns];
    return ((key: string, options?: TOptions) =>
      this.translate(key, lng && options?.lng === undefined ? { ...options, lng } : (options ?? {}), list)) as TFunction;
  }

  private pluralOf(lng: string, count: number): string {
    let rules = this.pluralRules.get(lng);
    if (!rules) this.pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
    return rules.select(count);
  }

  private lookup(key: string, options: TOptions, defaultNs: readonly string[]): { value: unknown; key: string; lng: string } {
    let ns: readonly string[] =
      typeof options.ns === 'string' ? [options.ns] : Array.isArray(options.ns) ? (options.ns as string[]) : defaultNs;
    const prefixed = NAMESPACE_PREFIX.exec(key);
    if (prefixed) {
      ns = [prefixed[1]!];
      key = key.slice(prefixed[0].length);
    }
    const count = typeof options.count === 'number' ? options.count : undefined;
    const parts = key.split('.');
    for (const lng of this.languages(typeof options.lng === 'string' ? options.lng : this.language)) {
      for (const n of ns) {
        const catalogue = this.store.get(`${lng}|${n}`);
        if (!catalogue) continue;
        if (count !== undefined) {
          const last = parts.length - 1;
          const withSuffix = (suffix: string) => find(catalogue, [...parts.slice(0, last), `${parts[last]}_${suffix}`]);
          const plural = (count === 0 ? withSuffix('zero') : undefined) ?? withSuffix(this.pluralOf(lng, count));
          if (plural !== undefined) return { value: plural, key, lng };
        }
        const value = find(catalogue, parts);
        if (value !== undefined) return { value, key, lng };
      }
    }
    return { value: undefined, key, lng: this.language };
  }

  private translate(key: string, options: TOptions, defaultNs: readonly string[]): unknown {
    const found = this.lookup(key, options, defaultNs);
    const { value, lng } = found;
    if (typeof value === 'string') return this.interpolate(value, options, lng);
    if (value !== undefined && value !== null && typeof value === 'object' && options.returnObjects === true)
      return this.interpolateTree(value, options, lng);
    // a missing key (or an object asked for as text) shows the call's `defaultValue`, else the key
    if (typeof options.defaultValue === 'string') return this.interpolate(options.defaultValue, options, lng);
    return found.key;
  }

  private interpolateTree(value: unknown, options: TOptions, lng: string): unknown {
    if (typeof value === 'string') return this.interpolate(value, options, lng);
    if (Array.isArray(value)) return value.map((v) => this.interpolateTree(v, options, lng));
    if (isTree(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.interpolateTree(v, options, lng)]));
    return value;
  }

  private interpolate(text: string, options: TOptions, lng: string): string {
    if (!text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (whole, inner: string) => {
      const comma = inner.indexOf(',');
      const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      const value = find(options, name.split('.'));
      // a value the call did not give stays visible as its placeholder, as i18next left it
      if (value === undefined) return whole;
      if (comma < 0) return String(value);
      const { name: formatName, options: formatOptions } = parseFormat(inner.slice(comma + 1));
      const format = this.formatters.get(formatName);
      return format ? format(value, lng, formatOptions) : String(value);
    });
  }
}

/** The app's one translator (shared/i18n/index.ts sets it up). */
export const i18n = new Translator();
