/**
 * Form messages for the contract's project rules: a schema message `form.<rule>` is looked up in
 * this feature's `validation.*` first, then in the shared `form.*` catalogue (shared/ui/form-errors).
 */
import type { TFunction } from '../../../shared/i18n';
import { fieldError } from '../../../shared/ui/form-errors';

const OWN = new Set(['onePosition', 'regionNeeded', 'startBeforeDeadline', 'duplicate', 'skillTwice', 'unsafeText', 'oneSkill']);

export function projectFieldError(t: TFunction<'projects'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const rule = message.replace(/^form\./, '').split(':')[0]!;
  if (OWN.has(rule)) return t(`validation.${rule}` as 'validation.duplicate');
  return fieldError(t as unknown as TFunction, message);
}
