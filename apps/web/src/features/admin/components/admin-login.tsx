/**
 * The admin's sign-in: the shared staff login form (POST login; staff tokens carry the role). The login names the
 * page's brand (its `client`); on a host no brand serves (DEMO=0, no brand's domain, no DEFAULT_CLIENT) only platform
 * staff can sign in, so the form says so, and where a brand's staff sign in instead.
 */
import { StaffLoginForm } from '../../../components/staff-login-form.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { pageBrand } from '../../../lib/page-brand.ts';
import { adminLogout } from '../hooks/use-admin-session.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export function AdminLogin({ forbidden }: { forbidden: boolean }) {
  const t = useAdminT();
  const noBrand = pageBrand() === null;
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
        err instanceof ApiRequestError && err.status === 401
          ? noBrand
            ? 'admin.login.wrongNoBrand'
            : 'admin.login.wrong'
          : 'admin.errors.generic'
      }
      notice={
        <>
          {noBrand && (
            <p className={s.notice} role="note">
              {t('login.noBrand')}
            </p>
          )}
          {forbidden && (
            <p className={s.error} role="alert">
              {t('login.forbidden')}{' '}
              <button type="button" className={s.btnGhost} onClick={adminLogout}>
                {t('shell.logout')}
              </button>
            </p>
          )}
        </>
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
