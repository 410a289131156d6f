/**
 * The top menu bar of the menu-layout routes (spec §2): venue, search, about, allergen filter, language, cart. The
 * parts that change once the app is live — the cart's count — re-render here alone: an update of the layout around
 * while the browser hydrates a server-rendered page would reach the page's and the footer's boundaries before their
 * lazy chunks arrive, and React would throw their server HTML away (a layout shift). The tools (allergen filter,
 * language, account) are in the server's HTML as they are once live (issue 21): a tap on one before then is
 * repeated by public/boot.js once React has hydrated it.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import styles from './place-header.module.css';
import { CartIcon, InfoIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { loadCart, useCartCountAfterLoad } from '../../../hooks/use-cart-after-load.ts';
import { useLazyOpener } from '../../../hooks/use-lazy-opener.ts';

interface PlaceHeaderProps {
  place: string;
  title: string;
  logo: string | null;
  /** Language chooser, allergen filter and account, composed by the route. */
  tools: ReactNode;
  /** The cart's screens (loaded on demand), which the cart button waits for after a tap. */
  loadCartScreens: () => Promise<unknown>;
}

/** The place a header tool holds while its chunk loads in a page the browser renders itself. */
export function ToolSlot() {
  return <span className="icon-button" aria-hidden="true" />;
}

export function PlaceHeader({ place, title, logo, tools, loadCartScreens }: PlaceHeaderProps) {
  const { t } = useTranslation();
  const cartCount = useCartCountAfterLoad();
  // The cart's code loads on the guest's intent; a tap before it is there is held, the button busy.
  const cartOpener = useLazyOpener(
    () => Promise.all([loadCart(), loadCartScreens()]),
    () => void loadCart().then((cart) => cart.openCart()),
  );
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={`/${place}`} className={styles.brand} aria-label={t('nav.homeOf', { name: title })}>
          {logo ? (
            // A decorative picture (the name beside it says what it shows), drawn as the box's background once the
            // page is on screen (place-header.module.css): its request does not start before the first paint. Its
            // box is there from the first paint, so nothing moves; a missing file leaves the box empty.
            <span
              aria-hidden="true"
              className={styles.logo}
              style={{ '--logo': `url("${encodeURI(logo)}")` } as CSSProperties}
            />
          ) : null}
          <span className={styles.name}>{title}</span>
        </Link>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          <Link to={`/${place}/search`} className="icon-button" aria-label={t('nav.search')}>
            <SearchIcon />
          </Link>
          <Link to={`/${place}/about`} className="icon-button" aria-label={t('nav.about')}>
            <InfoIcon />
          </Link>
          {/* The same element on every render: the tools' boundaries are not updated while they hydrate. */}
          {tools}
          <button
            type="button"
            className={`icon-button ${styles.cart}`}
            aria-haspopup="dialog"
            {...cartOpener}
            aria-label={t('cart.count', { count: cartCount })}
            data-testid="cart-button"
          >
            <CartIcon />
            {cartCount > 0 && (
              <span className="badge" aria-hidden="true">
                {cartCount}
              </span>
            )}
          </button>
        </nav>
      </div>
    </header>
  );
}
