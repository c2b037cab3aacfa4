/**
 * `const { t, i18n } = useTranslation('studies')`: the texts of a namespace in the reader's
 * language. A namespace not loaded yet suspends the component (its Suspense boundary shows the
 * loading state) until it has arrived; a change of language renders every reader again.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_NAMESPACE, i18n, type TFunction, type Translator } from './translator';

export type { TFunction } from './translator';

export function useTranslation<Ns extends string = typeof DEFAULT_NAMESPACE>(
  ns?: Ns | readonly Ns[],
): { t: TFunction<Ns>; i18n: Translator } {
  useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  const list: readonly string[] = ns === undefined ? [DEFAULT_NAMESPACE] : typeof ns === 'string' ? [ns] : ns;
  const key = list.join(',');
  const lng = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `list`; `lng` renews `t` for memoised readers
  const t = useMemo(() => i18n.getFixedT(null, list), [key, lng]);
  i18n.noteUsed(list);
  if (!i18n.isReady(list)) throw i18n.loadNamespaces(list);
  return { t, i18n };
}
