/** The initial welcome banner (spec §2): shown once per visit of a place when the venue sets one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { welcomeSeenCookie } from '@trapeza/domain/tokens';
import { markWelcomeSeen, welcomeSeen } from '../welcome-seen.ts';

/** The place's pages (its first path segment after the venue) that never show the welcome banner. */
const NO_WELCOME_PAGES = new Set([
  'payment',
  'reset-password',
  'confirm-email',
  'profile',
  'terms',
  'privacy-policy',
  'refund-policy',
  'custom-terms',
]);

export function WelcomeBanner({
  place,
  text,
  image,
  title,
}: {
  place: string;
  text: string | null;
  image: string | null;
  title: string;
}) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  // The banner greets on the menu, not on a page the guest reaches for something else: the payment return, a
  // password reset or e-mail confirmation link, the profile, the legal texts (issue 24). Decided here, in the
  // banner's own chunk, not in the place layout (the guest's initial JavaScript).
  const { pathname } = useLocation();
  const welcomeHere = !NO_WELCOME_PAGES.has(pathname.split('/')[2] ?? '');
  // Whether this browser session closed it is a session cookie the server reads as well (welcome-seen.ts): the server's
  // HTML has the banner already open when it is due, and the hydrating render decides the same from the same cookie.
  const open = welcomeHere && !closed && !welcomeSeen(place);
  const close = () => {
    markWelcomeSeen(place);
    setClosed(true);
  };
  return (
    <Modal
      open={open}
      title={t('welcome.title', { name: title })}
      onClose={close}
      openInHtml
      closedCookie={welcomeSeenCookie(place)}
    >
      {image && (
        <img
          src={image}
          alt=""
          width={480}
          height={270}
          style={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' }}
        />
      )}
      {text && <p>{text}</p>}
      {/* A submit of the dialog's form: it closes the banner even before the app is live (Modal's openInHtml). */}
      <button type="submit" className="button" onClick={close}>
        {t('welcome.continue')}
      </button>
    </Modal>
  );
}
