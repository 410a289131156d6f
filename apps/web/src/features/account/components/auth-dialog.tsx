/**
 * The login modal (spec §2, §8 card_payment_requires_login → open login modal), opened through `openLogin()` of
 * stores/auth-ui-store.ts and mounted once by the account host. Register and forgotten password switch in place.
 */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { AUTH_TITLES, AuthForms } from './auth-forms.tsx';
import styles from './account.module.css';

export function AuthDialog() {
  useAccountTexts();
  const { t } = useTranslation();
  const view = useAuthUiStore((s) => s.view);
  const reason = useAuthUiStore((s) => s.reason);
  const { close, setView } = useAuthUiStore.getState();
  if (!view) return null;
  const succeeded = () => {
    const then = useAuthUiStore.getState().onSuccess;
    close();
    then?.();
  };
  return (
    <Modal open title={t(AUTH_TITLES[view])} onClose={close}>
      {reason === 'payment' && <p className={styles.notice}>{t('account.login.reasonPayment')}</p>}
      <AuthForms key={view} view={view} onView={setView} onSuccess={succeeded} />
    </Modal>
  );
}
