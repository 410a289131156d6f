/** `/{place}/search`: product search (spec §2: an opened flag and a search text). */
import { useEffect, useId, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCartScreens } from '../cart-screens.ts';
import { loadProductSheet, ProductSheet } from '../product-sheet.tsx';
import { BookingModal, loadBookingModal } from '../../features/booking/components/booking-modal.tsx';
import { ProductCard } from '../../features/menu/components/product-card.tsx';
import { ProductGrid, ProductGridItem } from '../../features/menu/components/product-grid.tsx';
import { searchProducts } from '../../features/search/hooks/search-products.ts';
import { useSearchStore } from '../../features/search/hooks/use-search-store.ts';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useProductCards } from '../../hooks/use-product-cards.ts';
import { useVenue } from '../../hooks/use-venue.ts';

export function Component() {
  const venue = useVenue();
  const menu = useMenu();
  const cards = useProductCards(venue, menu, loadBookingModal, loadCartScreens, loadProductSheet);
  const { t } = useTranslation();
  const id = useId();
  const text = useSearchStore((s) => s.text);
  const setText = useSearchStore((s) => s.setText);
  const setOpened = useSearchStore((s) => s.setOpened);
  const query = useDeferredValue(text);
  usePageMeta(t('search.title'), venue.name);
  useEffect(() => {
    setOpened(true);
    return () => setOpened(false);
  }, [setOpened]);
  const results = cards.visible(searchProducts(menu.products, query, venue.lang));
  return (
    <div className="page">
      <h1>{t('search.title')}</h1>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="search-form">
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={id}
          type="search"
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      <p role="status" aria-live="polite" className="muted">
        {query.trim() === '' ? t('search.hint') : t('search.results', { count: results.length })}
      </p>
      {results.length > 0 && (
        <ProductGrid label={t('search.resultsLabel')}>
          {results.map((p, i) => (
            <ProductGridItem key={p.id}>
              <ProductCard {...cards.common} product={p} href={cards.hrefFor(p)} eager={i < 2} />
            </ProductGridItem>
          ))}
        </ProductGrid>
      )}
      <BookingModal product={cards.booking} onClose={cards.closeBooking} />
      <ProductSheet
        product={cards.sheet}
        priceContext={cards.common.priceContext}
        avoidAllergens={cards.common.avoidAllergens}
        onClose={cards.closeSheet}
      />
    </div>
  );
}
