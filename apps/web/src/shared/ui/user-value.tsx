/**
 * A catalogue text around a user-written value (a name, a study title): the value is rendered
 * inside `data-user-content`, the marker for text people wrote (the English scan leaves it
 * alone), the catalogue's words around it are not.
 *   markUserValue(t('hero.ctaProfile', { name }), name)
 * The text is translated with the real value, so a Korean particle after it
 * (`{{title, josa(p: 은/는)}}`) is still chosen from the value; its first occurrence is marked.
 * The three parts are one element: inside a flex button (`.btn`, with a gap) they would otherwise
 * be three flex items, a gap apart ("최서연  's profile").
 */
import type { ReactNode } from 'react';

export function markUserValue(text: string, value: string | null | undefined): ReactNode {
  const at = value ? text.indexOf(value) : -1;
  if (!value || at < 0) return text;
  return (
    <span>
      {text.slice(0, at)}
      <span data-user-content="">{value}</span>
      {text.slice(at + value.length)}
    </span>
  );
}
