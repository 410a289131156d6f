/** `/{place}`: the category menu, or the all-in-one page when one_page_menu_style = 1 (spec §2). */
import { useTranslation } from 'react-i18next';
import { AllInOneMenu } from '../../features/menu/components/all-in-one-menu.tsx';
import { BookingModal } from '../../features/menu/components/booking-modal.tsx';
import { CategoryList } from '../../features/menu/components/category-list.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { useProductCards } from '../../hooks/use-product-cards.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';

export function Component() {
  const venue = useVenue();
  const menu = useMenu();
  const cards = useProductCards(venue, menu);
  const { t } = useTranslation();
  const title = venue.ui.placeName ?? t('menu.title');
  usePageMeta(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      {venue.ui.onePageMenuStyle ? (
        <AllInOneMenu menu={menu} lang={venue.lang} card={cards.common} hrefFor={cards.hrefFor} visible={cards.visible} />
      ) : menu.roots.length === 0 ? (
        <p>{t('menu.empty')}</p>
      ) : (
        <CategoryList
          place={venue.place}
          categories={menu.roots}
          lang={venue.lang}
          design={venue.ui.subcategoriesDesign}
          roomNumber={venue.roomNumber}
          replaceSlashWithNewLine={venue.ui.replaceSlashWithNewLine}
          multipleColumns={venue.ui.multipleColumns}
        />
      )}
      <BookingModal place={venue.place} product={cards.booking} lang={venue.lang} onClose={cards.closeBooking} />
    </div>
  );
}
