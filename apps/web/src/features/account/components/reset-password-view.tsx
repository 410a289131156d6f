/**
 * `/{place}/reset-password?token=…` (designed; the e-mailed link of the accounts README): a new password by the
 * domain's rule, POST users/reset-password/confirm, then the login form right here to log in with it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@trapeza/domain/validation';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useAuthUiStore, type AuthView } from '../../../stores/auth-ui-store.ts';
import { confirmPasswordReset } from '../api/reset-password.ts';
import { useAction } from '../hooks/use-action.ts';
import { domainResolver } from '../hooks/domain-resolver.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { AuthForms } from './auth-forms.tsx';
import { FormError } from './form-error.tsx';
import { TextField } from './text-field.tsx';
import styles from './account.module.css';

const resolver = domainResolver<{ password: string }>((v) => ({
  password: isValidPassword(v.password) ? undefined : 'invalid_password',
}));

export function ResetPasswordView() {
  useAccountTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAccountStore((s) => s.user !== null);
  const form = useForm<{ password: string }>({ resolver, defaultValues: { password: '' } });
  const mutation = useAction({ mutationFn: confirmPasswordReset });
  const [view, setView] = useState<AuthView>('login');
  usePageMeta(t('account.reset.title'));

  if (mutation.isSuccess) {
    return (
      <div className="page page-narrow">
        <h1>{t('account.reset.loginNow')}</h1>
        <p role="status" className={styles.notice}>
          {t('account.notice.password_reset_done')}
        </p>
        {!signedIn && (
          <section className="card-section">
            <AuthForms key={view} view={view} onView={setView} />
          </section>
        )}
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <h1>{t('account.reset.title')}</h1>
      {token === '' ? (
        <>
          <p role="alert" className="alert">
            {t('account.reset.missingToken')}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => useAuthUiStore.getState().open({ view: 'forgot' })}
          >
            {t('account.reset.askAgain')}
          </button>
        </>
      ) : (
        <section className="card-section">
          <form
            className={styles.form}
            noValidate
            onSubmit={form.handleSubmit((v) => mutation.mutate({ token, password: v.password }))}
          >
            <p>{t('account.reset.intro')}</p>
            <FormError error={mutation.error} />
            {mutation.error != null && (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => useAuthUiStore.getState().open({ view: 'forgot' })}
              >
                {t('account.reset.askAgain')}
              </button>
            )}
            <TextField
              label={t('account.field.newPassword')}
              type="password"
              autoComplete="new-password"
              hint={t('account.field.passwordHint')}
              registration={form.register('password')}
              error={form.formState.errors.password}
            />
            <button type="submit" className="button button-block" disabled={mutation.isPending}>
              {t('account.reset.submit')}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
