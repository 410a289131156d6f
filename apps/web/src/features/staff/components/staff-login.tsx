/** The staff screens' own login (the account modal belongs to the guest pages): the shared staff login form. */
import { useTranslation } from 'react-i18next';
import { hasAccess, isRole, type Role } from '@trapeza/domain/roles';
import { StaffLoginForm } from '../../../components/staff-login-form.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import styles from './staff.module.css';

interface StaffLoginProps {
  required: Role;
  /** Why the form shows: nobody signed in, the session ended, or the account lacks the role. */
  reason: 'none' | 'expired' | 'forbidden';
}

export function StaffLogin({ required, reason }: StaffLoginProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.loginWrap}>
      <StaffLoginForm
        texts={{
          title: 'staff.login.title',
          email: 'staff.login.email',
          password: 'staff.login.password',
          submit: 'staff.login.submit',
        }}
        // A role below the screen's is refused here, before the session is written.
        refusal={(answer) =>
          isRole(answer.user.role) && hasAccess(answer.user.role, required) ? null : 'staff.login.forbidden'
        }
        failureText={(err) =>
          err instanceof ApiRequestError && err.kind === 1 ? 'staff.login.failed' : 'staff.common.offline'
        }
        notice={
          reason !== 'none' && (
            <p className={styles.notice} role="status">
              {t(reason === 'expired' ? 'staff.login.expired' : 'staff.login.forbidden')}
            </p>
          )
        }
        classNames={{
          form: styles.login,
          field: 'field',
          error: styles.error,
          submit: 'button button-block',
          submitRow: undefined,
        }}
      />
    </div>
  );
}
