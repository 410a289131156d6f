/**
 * The header's account button (a lazy chunk after the first screen, in the server's HTML too). Signed out it opens the login modal; signed
 * in it opens a small menu: profile, my orders, the staff screen for waiters and above and the administration for
 * admins (spec §6: the role comes from the token, the user object carries it), and log out.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { hasAccess, isWaiterOrAbove, type Role } from '@trapeza/domain/roles';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useLazyOpener } from '../../../hooks/use-lazy-opener.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { openLogin } from '../../../stores/auth-ui-store.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { loadAuthDialog } from './load-auth-dialog.ts';
import styles from './account.module.css';

const UserIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  >
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

const loadLoginDialog = () => Promise.all([import('./account-host.tsx'), loadAuthDialog()]);

/** Designed: the administration is for every staff role above the waiter (PDF menu admins manage their menus). */
function canOpenAdmin(role: Role): boolean {
  return role !== 'WAITER' && hasAccess(role, 'PDF_MENU_ADMIN');
}

export function AccountMenu({ place }: { place: string }) {
  useAccountTexts();
  const { t } = useTranslation();
  // The signed-in user is the browser's (its storage): the server's HTML and the hydrating render show the signed-out
  // button, the same size as the signed-in one, which the first live render turns into the user's initials.
  const stored = useAccountStore((s) => s.user);
  const user = useHydrated() ? stored : null;
  const logout = useLogout(place);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The login modal's code loads on the guest's intent; a tap before it is there is held, the button busy. The host
  // that shows it too: a chunk of its own, which the place layout loads after the first screen.
  const loginOpener = useLazyOpener(loadLoginDialog, () => openLogin());

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!user) {
    return (
      <button
        type="button"
        className="icon-button"
        aria-label={t('account.menu.login')}
        aria-haspopup="dialog"
        {...loginOpener}
      >
        <UserIcon />
      </button>
    );
  }

  const name = `${user.first_name} ${user.last_name}`.trim();
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  const close = () => setOpen(false);
  return (
    <div className={styles.menu} ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={t('account.menu.open', { name })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.initials} aria-hidden="true">
          {initials || <UserIcon />}
        </span>
      </button>
      {open && (
        <div id={panelId} className={styles.menuPanel}>
          <div className={styles.menuHead}>
            <strong>{name}</strong>
            <div className="muted">{t('account.menu.points', { count: user.points })}</div>
          </div>
          <ul className={styles.menuList}>
            <li>
              <Link className={styles.menuItem} to={`/${place}/profile`} onClick={close}>
                {t('account.menu.profile')}
              </Link>
            </li>
            <li>
              <Link className={styles.menuItem} to={`/${place}/profile/orders`} onClick={close}>
                {t('account.menu.orders')}
              </Link>
            </li>
            {isWaiterOrAbove(user.role) && (
              <li>
                <Link className={styles.menuItem} to={`/${place}/staff`} onClick={close}>
                  {t('account.menu.staff')}
                </Link>
              </li>
            )}
            {canOpenAdmin(user.role) && (
              <li>
                <Link className={styles.menuItem} to="/admin" onClick={close}>
                  {t('account.menu.admin')}
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={styles.menuItem}
                onClick={() => {
                  close();
                  logout();
                }}
              >
                {t('account.menu.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
