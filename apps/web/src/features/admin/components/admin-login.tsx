/** The admin's sign-in: the shared staff login form (POST login; staff tokens carry the role). */
import { StaffLoginForm } from '../../../components/staff-login-form.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { adminLogout } from '../hooks/use-admin-session.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export function AdminLogin({ forbidden }: { forbidden: boolean }) {
  const t = useAdminT();
  return (
    <StaffLoginForm
      texts={{
        title: 'admin.login.title',
        email: 'admin.login.email',
        password: 'admin.login.password',
        submit: 'admin.login.submit',
      }}
      // Any account signs in; one below PLACE_ADMIN then sees the notice below and may log out.
      failureText={(err) =>
        err instanceof ApiRequestError && err.status === 401 ? 'admin.login.wrong' : 'admin.errors.generic'
      }
      notice={
        forbidden && (
          <p className={s.error} role="alert">
            {t('login.forbidden')}{' '}
            <button type="button" className={s.btnGhost} onClick={adminLogout}>
              {t('shell.logout')}
            </button>
          </p>
        )
      }
      classNames={{
        form: `${s.card} ${s.login}`,
        field: s.field,
        error: s.error,
        submit: s.btn,
        submitRow: s.loginSubmit,
      }}
    />
  );
}
