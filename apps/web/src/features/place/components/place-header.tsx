/** The top menu bar of the menu-layout routes (spec §2): venue, search, about, allergen filter, language, cart. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './place-header.module.css';
import { CartIcon, InfoIcon, SearchIcon } from '../../../components/ui/icons.tsx';

interface PlaceHeaderProps {
  place: string;
  title: string;
  logo: string | null;
  cartCount: number;
  /** Opens the cart drawer (a lazily loaded chunk). */
  onCartClick?: () => void;
  /** Language chooser and allergen filter, composed by the route. */
  tools: ReactNode;
}

export function PlaceHeader({ place, title, logo, cartCount, onCartClick, tools }: PlaceHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={`/${place}`} className={styles.brand} aria-label={t('nav.homeOf', { name: title })}>
          {logo ? <img src={logo} alt="" width={40} height={40} className={styles.logo} /> : null}
          <span className={styles.name}>{title}</span>
        </Link>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          <Link to={`/${place}/search`} className="icon-button" aria-label={t('nav.search')}>
            <SearchIcon />
          </Link>
          <Link to={`/${place}/about`} className="icon-button" aria-label={t('nav.about')}>
            <InfoIcon />
          </Link>
          {tools}
          <button
            type="button"
            className="icon-button"
            onClick={onCartClick}
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
