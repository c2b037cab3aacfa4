import { useTranslation } from '../../shared/i18n';
import { PASSWORD_MIN, passwordStrength } from './schemas';

const LEVELS = ['none', 'weak', 'fair', 'good', 'strong'] as const;

/** A four-step meter with a word for it; below the minimum it says how many characters. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const score = passwordStrength(password ?? '');
  const level = LEVELS[score];
  return (
    <span className="strength" data-level={level}>
      <span className="strength__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((i) => (
          <i key={i} data-on={i <= score || undefined} />
        ))}
      </span>
      <span>{!password ? t('strength.hint', { min: PASSWORD_MIN }) : t(`strength.${level}`)}</span>
    </span>
  );
}
