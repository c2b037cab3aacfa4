import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../shared/i18n';

/** A password input with a show/hide toggle (paste allowed). */
export function PasswordInput({ ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input ref={ref} type={shown ? 'text' : 'password'} {...props} />
      <button type="button" className="password-input__toggle" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
        {shown ? t('fields.hide') : t('fields.show')}
      </button>
    </div>
  );
}
