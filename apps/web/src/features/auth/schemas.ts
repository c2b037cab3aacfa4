/**
 * Form schemas of the account pages, built from the accounts contract's limits (packages/contract
 * /src/accounts.ts) so their messages come from the UI catalogue in either language (the contract's
 * schemas carry Korean-only messages); the server validates again with the contract's schemas.
 */
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@moim/contract';
import { z } from 'zod';

export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;

export const loginForm = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email()),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginForm = z.infer<typeof loginForm>;

export const signupForm = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email()),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX_LENGTH),
  username: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || USERNAME_PATTERN.test(v), { message: 'form.username' }),
});
export type SignupForm = z.infer<typeof signupForm>;

export const forgotForm = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email()) });
export type ForgotForm = z.infer<typeof forgotForm>;

export const resetForm = z
  .object({ newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX_LENGTH), confirm: z.string().min(1) })
  .refine((v) => v.newPassword === v.confirm, { message: 'form.passwordMismatch', path: ['confirm'] });
export type ResetForm = z.infer<typeof resetForm>;

/** 0–4: length, mixed case, digits, symbols (a hint, not a rule; the server decides). */
export function passwordStrength(pw: string): 0 | 1 | 2 | 3 | 4 {
  if (!pw) return 0;
  let score = 0;
  if (pw.length >= PASSWORD_MIN) score++;
  if (pw.length >= 12) score++;
  if (/[a-z]/.test(pw) && /[A-Z]/.test(pw)) score++;
  if (/\d/.test(pw)) score++;
  if (/[^A-Za-z0-9]/.test(pw)) score++;
  if (pw.length < PASSWORD_MIN) return 1;
  return Math.min(4, Math.max(1, score - 1)) as 1 | 2 | 3 | 4;
}
