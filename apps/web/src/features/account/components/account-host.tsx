/**
 * Mounted once by the place layout (a lazy chunk loaded after the first screen): keeps the session in step with
 * the server (start-up validation, instruments and discounts), shows the account success notices (spec §8) and
 * loads the login modal only when someone opens it (`openLogin()`).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { useAccountSession } from '../hooks/use-account-session.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { loadAuthDialog } from './load-auth-dialog.ts';

const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));

const NOTICE_MS = 4000;

export function AccountHost({ place }: { place: string }) {
  useAccountSession(place);
  const open = useAuthUiStore((s) => s.view !== null);
  const notice = useAuthUiStore((s) => s.notice);
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}
      {/* One live region from the start, so that a notice written into it is announced. */}
      <div className="toast" role="status" aria-live="polite" data-testid="account-notice">
        {notice && (
          <Suspense fallback={null}>
            <AccountNotice key={notice.at} noticeKey={notice.key} />
          </Suspense>
        )}
      </div>
    </>
  );
}

function AccountNotice({ noticeKey }: { noticeKey: string }) {
  useAccountTexts();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const id = window.setTimeout(() => setVisible(false), NOTICE_MS);
    return () => window.clearTimeout(id);
  }, []);
  return visible ? t(`account.notice.${noticeKey}`) : null;
}
