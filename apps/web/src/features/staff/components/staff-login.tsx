/** The staff screens' own login (the account modal belongs to the guest pages): e-mail, password, POST login. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAccess, isRole, type Role } from '@trapeza/domain/roles';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { staffLogin } from '../api/login.ts';
import { startStaffSession } from '../hooks/use-staff-session.ts';
import styles from './staff.module.css';

interface StaffLoginProps {
  place: string;
  required: Role;
  /** Why the form shows: nobody signed in, the session ended, or the account lacks the role. */
  reason: 'none' | 'expired' | 'forbidden';
}

export function StaffLogin({ place, required, reason }: StaffLoginProps) {
  const { t } = useTranslation();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await staffLogin(place, { email: email.trim(), password });
      if (!isRole(answer.user.role) || !hasAccess(answer.user.role, required)) {
        setError(t('staff.login.forbidden'));
        return;
      }
      startStaffSession(answer.token);
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.kind === 1
          ? t('staff.login.failed')
          : t('staff.common.offline'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.loginWrap}>
      <form className={styles.login} onSubmit={(e) => void submit(e)} aria-labelledby={`${emailId}-title`}>
        <h1 id={`${emailId}-title`}>{t('staff.login.title')}</h1>
        {reason !== 'none' && (
          <p className={styles.notice} role="status">
            {t(reason === 'expired' ? 'staff.login.expired' : 'staff.login.forbidden')}
          </p>
        )}
        <div className="field">
          <label htmlFor={emailId}>{t('staff.login.email')}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>{t('staff.login.password')}</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={busy}>
          {t('staff.login.submit')}
        </button>
      </form>
    </div>
  );
}
