/**
 * Log in (spec §4) for guests and staff alike: the token carries the role. A failure shows the login_fail text
 * (spec §8 'Login failed: Invalid credentials').
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@trapeza/domain/validation';
import type { StoreLoginRequest } from '@trapeza/domain/contracts/users';
import { postLogin } from '../../../lib/auth-session.ts';
import { startSession } from '../hooks/auth-session.ts';
import { useAction } from '../hooks/use-action.ts';
import { domainResolver } from '../hooks/domain-resolver.ts';
import { FormError } from './form-error.tsx';
import { TextField } from './text-field.tsx';
import styles from './account.module.css';

const resolver = domainResolver<StoreLoginRequest>((v) => ({
  email: isValidEmail(v.email) ? undefined : 'invalid_email',
  // Any stored password is accepted here; the length rule is for choosing one.
  password: v.password === '' ? 'invalid_password' : undefined,
}));

export function LoginForm({
  onSuccess,
  defaultEmail = '',
}: {
  onSuccess?: () => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const form = useForm<StoreLoginRequest>({ resolver, defaultValues: { email: defaultEmail, password: '' } });
  const mutation = useAction({
    mutationFn: postLogin,
    onSuccess: (answer) => {
      startSession(answer, 'login_success');
      onSuccess?.();
    },
  });
  const { errors } = form.formState;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutate({ ...values, email: values.email.trim() }))}
    >
      <FormError error={mutation.error} />
      <TextField
        label={t('account.field.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        registration={form.register('email')}
        error={errors.email}
      />
      <TextField
        label={t('account.field.password')}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={errors.password}
      />
      <button type="submit" className="button button-block" disabled={mutation.isPending}>
        {t('account.login.submit')}
      </button>
    </form>
  );
}
