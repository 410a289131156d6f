/**
 * `/{place}/confirm-email?token=…` (issue "Security hardening" #10): the page of the link mailed at registration.
 * Sends the token once (POST users/confirm-email), which confirms the profile and signs the guest in.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { usePlaceSlug } from '../../../hooks/use-place-slug.ts';
import { confirmEmail } from '../api/register.ts';
import { startSession } from '../hooks/auth-session.ts';
import { useAction } from '../hooks/use-action.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { FormError } from './form-error.tsx';
import styles from './account.module.css';

export function ConfirmEmailView() {
  useAccountTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const place = usePlaceSlug();
  const mutation = useAction({
    mutationFn: (value: string) => confirmEmail(place, { token: value }),
    onSuccess: (answer) => startSession(answer, 'register_success'),
  });
  usePageMeta(t('account.confirm.title'));
  // Once per page (React's development double effect included).
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (token === '' || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="page page-narrow">
      <h1>{t('account.confirm.title')}</h1>
      {token === '' ? (
        <p role="alert" className="alert">
          {t('account.confirm.missingToken')}
        </p>
      ) : mutation.isSuccess ? (
        <>
          <p role="status" className={styles.notice}>
            {t('account.confirm.done')}
          </p>
          <Link className="button" to={`/${place}`}>
            {t('account.confirm.toMenu')}
          </Link>
        </>
      ) : mutation.error != null ? (
        <FormError error={mutation.error} />
      ) : (
        <p role="status">{t('account.confirm.working')}</p>
      )}
    </div>
  );
}
