/** The admin's sign-in: e-mail and password through POST login; staff tokens carry the role. */
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { adminLogin, adminLogout } from '../hooks/use-admin-session.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export function AdminLogin({ forbidden }: { forbidden: boolean }) {
  const t = useAdminT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminLogin(email, password);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 401 ? t('login.wrong') : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={`${s.card} ${s.login}`} onSubmit={submit}>
      <h1>{t('login.title')}</h1>
      {forbidden && (
        <p className={s.error} role="alert">
          {t('login.forbidden')}{' '}
          <button type="button" className={s.btnGhost} onClick={adminLogout}>
            {t('shell.logout')}
          </button>
        </p>
      )}
      <label className={s.field}>
        {t('login.email')}
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className={s.field}>
        {t('login.password')}
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
      <p>
        <button className={s.btn} disabled={busy}>
          {t('login.submit')}
        </button>
      </p>
    </form>
  );
}
