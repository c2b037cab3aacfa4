/**
 * The one way a form is built on a zod schema (the contract's, or a page's built from the
 * contract's limits): react-hook-form with the schema's resolver and `formErrorMap`, so every
 * field message is a `form.*` catalogue key in the UI language (`fieldError(t, message)`).
 * The form holds the schema's input; the submit handler gets its parsed output — no casts.
 *   const form = useContractForm(loginForm, { defaultValues: { email: '', password: '' } });
 * `moreIssues` adds a page's own rules the schema cannot know (cross-field, per-study questions):
 * each issue lands on its field unless the schema already put a message there.
 * The schema may also be given as a loader (`() => import('./schema').then((m) => m.body)`): it is
 * loaded on the first validation, so zod and the schema stay out of the page's own chunk.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, set, get, useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formErrorMap } from './form-errors';

/** A page's own rule broken: the field's dotted path (`answers.0.answer`) and its message (a `form.*` key or text). */
export interface FormIssue {
  path: string;
  message: string;
  type?: string;
}

export interface ContractFormOptions<S extends z.ZodType<FieldValues, FieldValues>> extends Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
> {
  /** the page's own rules, checked on every validation after the schema's */
  moreIssues?: (values: z.input<S>) => readonly FormIssue[];
}

export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S | (() => Promise<S>),
  { moreIssues, ...options }: ContractFormOptions<S> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const base: Resolver<z.input<S>, unknown, z.output<S>> = typeof schema === 'function'
    ? async (values, context, opts) => zodResolver(await schema(), { error: formErrorMap })(values, context, opts)
    : zodResolver(schema, { error: formErrorMap });
  const resolver: typeof base = moreIssues
    ? async (values, context, opts) => {
        const result = await base(values, context, opts);
        const issues = moreIssues(values);
        if (issues.length === 0) return result;
        const errors: Record<string, unknown> = { ...result.errors };
        for (const { path, message, type = 'custom' } of issues) if (!get(errors, path)) set(errors, path, { type, message });
        return { values: {}, errors: errors as typeof result.errors };
      }
    : base;
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}
