/**
 * Korean/English messages for the contract's zod issues (the web does not ship zod locales).
 * Passed to zodResolver as the per-parse error map; a message set in the schema itself wins.
 */
import type { TFunction } from 'i18next';

interface IssueLike {
  code?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  input?: unknown;
  expected?: string;
}

export function issueMessage(t: TFunction<'studies'>, iss: IssueLike): string {
  const min = Number(iss.minimum ?? 0);
  const max = Number(iss.maximum ?? 0);
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null || (typeof iss.input === 'number' && Number.isNaN(iss.input)) || iss.input === ''
        ? t('validation.required')
        : t('validation.invalid');
    case 'too_small':
      if (iss.origin === 'string') return min <= 1 ? t('validation.required') : t('validation.minLength', { count: min });
      if (iss.origin === 'array') return t('validation.minItems', { count: min });
      return t('validation.min', { min });
    case 'too_big':
      if (iss.origin === 'string') return t('validation.maxLength', { count: max });
      if (iss.origin === 'array') return t('validation.maxItems', { count: max });
      return t('validation.max', { max: max.toLocaleString('ko-KR') });
    case 'invalid_format':
      return iss.format === 'date' || iss.format === 'datetime' ? t('validation.date') : t('validation.format');
    case 'invalid_value':
      return t('validation.choose');
    default:
      return t('validation.invalid');
  }
}
