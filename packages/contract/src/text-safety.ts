/**
 * The one input rule every string from a client obeys (GUIDE §3, issue 12 item 5): no NUL
 * character and no lone UTF-16 surrogate. PostgreSQL `text` and `jsonb` can hold neither (the
 * driver fails, which used to answer 500), and neither has a meaning in any field of moim.
 * The server applies `findUnsafeText` to the query, the path parameters and the parsed body of
 * every request before validation and answers 400 VAL-2002, so no route checks it field by field.
 * Field schemas may be stricter (studio and projects also refuse other control characters).
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` carries no NUL and no lone surrogate. */
export function isSafeText(s: string): boolean {
  return !UNSAFE.test(s);
}

/**
 * Where the first unsafe string sits in a parsed value (object keys included), as a dotted path
 * below `root` (`body.sections.0.title`), or undefined when every string is safe. Walks without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root: string): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isSafeText(k)) return `${path}.${k.replace(UNSAFE, '?')}`;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return undefined;
}
