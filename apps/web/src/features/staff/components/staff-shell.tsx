/**
 * Frame of every staff screen: the login when the session does not allow the screen, else a compact header (the
 * screen's title, links between the staff screens, who is signed in, log out) above the screen.
 */
import { useState, type ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { useTranslation } from 'react-i18next';
import type { Role } from '@trapeza/domain/roles';
import { endAuthSession } from '../../../lib/auth-session.ts';
import { sessionAllows, useStaffSession } from '../hooks/use-staff-session.ts';
import { StaffLogin } from './staff-login.tsx';
import styles from './staff.module.css';

interface StaffShellProps {
  place: string;
  required: Role;
  title: string;
  /** The screen, given the token (the shell renders it only when the session allows the screen). */
  children: (token: string, signOut: (expired?: boolean) => void) => ReactNode;
}

export function StaffShell({ place, required, title, children }: StaffShellProps) {
  const { t } = useTranslation();
  const session = useStaffSession();
  const [ended, setEnded] = useState(false);
  const signOut = (expired = false) => {
    setEnded(expired);
    endAuthSession();
  };
  if (!session.token || !sessionAllows(session, required)) {
    const reason = session.token ? 'forbidden' : ended ? 'expired' : 'none';
    return <StaffLogin required={required} reason={reason} />;
  }
  const token = session.token;
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <h1 className={styles.topTitle}>{title}</h1>
        <nav aria-label={t('staff.nav.label')} className={styles.nav}>
          <Link to={`/${place}/staff`}>{t('staff.nav.board')}</Link>
          <Link to={`/${place}/staff/kitchen`}>{t('staff.nav.kitchen')}</Link>
          <Link to={`/${place}/staff/bookings`}>{t('staff.nav.bookings')}</Link>
          <Link to={`/${place}/staff/tables`}>{t('staff.nav.tables')}</Link>
          <Link to={`/${place}`}>{t('staff.nav.menu')}</Link>
        </nav>
        <span className={styles.who}>{t(`staff.role.${session.role ?? 'USER'}`)}</span>
        <button type="button" className="button button-secondary" onClick={() => signOut()}>
          {t('staff.login.logout')}
        </button>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children(token, signOut)}
      </main>
      <ConfirmHost />
    </div>
  );
}
