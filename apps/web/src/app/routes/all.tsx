/** `/{place}/all`: the all-in-one page (spec §2); its body is also `/{place}` when one_page_menu_style = 1. */
import { useTranslation } from 'react-i18next';
import { AllInOneMenu } from '../../features/menu/components/all-in-one-menu.tsx';
import { loadCartScreens } from '../cart-screens.ts';
import { loadProductSheet, ProductSheet } from '../product-sheet.tsx';
import { BookingModal, loadBookingModal } from '../../features/booking/components/booking-modal.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useProductCards } from '../../hooks/use-product-cards.ts';
import { useVenue } from '../../hooks/use-venue.ts';

export function AllInOneBody() {
  const venue = useVenue();
  const menu = useMenu();
  const cards = useProductCards(venue, menu, loadBookingModal, loadCartScreens, loadProductSheet);
  return (
    <>
      <AllInOneMenu
        menu={menu}
        lang={venue.lang}
        card={cards.common}
        hrefFor={cards.hrefFor}
        visible={cards.visible}
      />
      <BookingModal product={cards.booking} onClose={cards.closeBooking} />
      <ProductSheet
        product={cards.sheet}
        priceContext={cards.common.priceContext}
        avoidAllergens={cards.common.avoidAllergens}
        onClose={cards.closeSheet}
      />
    </>
  );
}

export function Component() {
  const venue = useVenue();
  const { t } = useTranslation();
  usePageMeta(t('menu.all'), venue.name);
  return (
    <div className="page">
      <h1>{t('menu.all')}</h1>
      <AllInOneBody />
    </div>
  );
}
