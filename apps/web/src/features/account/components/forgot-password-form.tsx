/**
 * Forgotten password (spec §8): POST users/reset-password with the e-mail; the answer is the same whether or not
 * a profile exists, and so is what the guest sees: 'instructions sent if the profile exists'.
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@trapeza/domain/validation';
import type { StoreResetPasswordRequest } from '@trapeza/domain/contracts/users';
import { usePlaceSlug } from '../../../hooks/use-place-slug.ts';
import { requestPasswordReset } from '../api/reset-password.ts';
import { useAction } from '../hooks/use-action.ts';
import { domainResolver } from '../hooks/domain-resolver.ts';
import { FormError } from './form-error.tsx';
import { TextField } from './text-field.tsx';
import styles from './account.module.css';

const resolver = domainResolver<StoreResetPasswordRequest>((v) => ({
  email: isValidEmail(v.email) ? undefined : 'invalid_email',
}));

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useForm<StoreResetPasswordRequest>({ resolver, defaultValues: { email: '' } });
  const place = usePlaceSlug();
  const mutation = useAction({
    mutationFn: (body: StoreResetPasswordRequest) => requestPasswordReset(place, body),
  });
  if (mutation.isSuccess) {
    return (
      <p role="status" className={styles.notice}>
        {t('account.notice.reset_password_sent')}
      </p>
    );
  }
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((v) => mutation.mutate({ email: v.email.trim() }))}
    >
      <p>{t('account.forgot.intro')}</p>
      <FormError error={mutation.error} />
      <TextField
        label={t('account.field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={form.register('email')}
        error={form.formState.errors.email}
      />
      <button type="submit" className="button button-block" disabled={mutation.isPending}>
        {t('account.forgot.submit')}
      </button>
    </form>
  );
}
