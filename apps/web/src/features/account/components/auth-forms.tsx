/** Login, register and forgotten password with links between them: the body of the login modal and of the pages. */
import { useTranslation } from 'react-i18next';
import type { AuthView } from '../../../stores/auth-ui-store.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import styles from './account.module.css';

interface AuthFormsProps {
  view: AuthView;
  onView: (view: AuthView) => void;
  onSuccess?: () => void;
}

export function AuthForms({ view, onView, onSuccess }: AuthFormsProps) {
  const { t } = useTranslation();
  const switchTo = (to: AuthView, text: string) => (
    <button type="button" className={styles.linkButton} onClick={() => onView(to)}>
      {text}
    </button>
  );
  if (view === 'register') {
    return (
      <div className="stack">
        <RegisterForm />
        <p className={styles.links}>
          <span>{t('account.register.haveAccount')}</span>
          {switchTo('login', t('account.register.toLogin'))}
        </p>
      </div>
    );
  }
  if (view === 'forgot') {
    return (
      <div className="stack">
        <ForgotPasswordForm />
        <p className={styles.links}>{switchTo('login', t('account.forgot.toLogin'))}</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <LoginForm onSuccess={onSuccess} />
      <p className={styles.links}>
        {switchTo('forgot', t('account.login.toForgot'))}
        <span>
          {t('account.login.noAccount')} {switchTo('register', t('account.login.toRegister'))}
        </span>
      </p>
      <p className="muted">{t('account.login.orderWithout')}</p>
    </div>
  );
}

export const AUTH_TITLES: Record<AuthView, string> = {
  login: 'account.login.title',
  register: 'account.register.title',
  forgot: 'account.forgot.title',
};
