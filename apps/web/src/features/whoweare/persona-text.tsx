/**
 * The demo team's role titles, mottos and bios are product-written (the start-up data), so the
 * catalogue holds them in both languages (`personas.<username>.*`). A stored text is shown in the
 * reader's language when it is still the demo's Korean one; a text an administrator or the member
 * changed is theirs: shown as written and marked as user content.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import type { Member } from './api';

type Field = 'roleTitle' | 'quote' | 'bio';
type Personas = Record<string, Partial<Record<Field, string>> | undefined>;

export function usePersonaText() {
  const { i18n } = useTranslation('whoweare');
  // by username (which may hold dots, so not through a dotted key path)
  const ko = (i18n.getResource('ko', 'whoweare', 'personas') ?? {}) as Personas;
  const mine = (i18n.getResource(i18n.language, 'whoweare', 'personas') ?? ko) as Personas;
  return (m: Member, field: Field, wrap: (text: string) => ReactNode = (x) => x): ReactNode => {
    const stored = m[field];
    if (!stored) return null;
    const demo = m.username ? ko[m.username]?.[field] : undefined;
    const translated = m.username ? mine[m.username]?.[field] : undefined;
    if (demo === stored && translated) return wrap(translated);
    return <span data-user-content="">{wrap(stored)}</span>;
  };
}
