/**
 * The one way a form is built on a zod schema (the contract's, or a page's built from the
 * contract's limits): react-hook-form with the schema's resolver and `formErrorMap`, so every
 * field message is a `form.*` catalogue key in the UI language (`fieldError(t, message)`).
 * The form holds the schema's input; the submit handler gets its parsed output — no casts.
 *   const form = useContractForm(loginForm, { defaultValues: { email: '', password: '' } });
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formErrorMap } from './form-errors';

export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema, { error: formErrorMap }) });
}
