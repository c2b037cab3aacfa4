/**
 * A subquery's columns picked by the names of a select shape (`select({...shape}).as('page')`
 * exposes each as `page.<name>`), typed as the subquery types them: the one coercion Drizzle's
 * typing needs for this, kept out of module code.
 */
export function subqueryFields<S extends object, Q extends { [K in keyof S]: unknown }>(shape: S, sub: Q): { [K in keyof S]: Q[K] } {
  const out: Partial<{ [K in keyof S]: Q[K] }> = {};
  for (const k of Object.keys(shape) as (keyof S)[]) out[k] = sub[k];
  return out as { [K in keyof S]: Q[K] };
}
