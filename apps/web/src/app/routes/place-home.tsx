/** `/{place}`: the category menu, or the all-in-one page when one_page_menu_style = 1 (spec §2). */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPageTexts } from '../../i18n/i18n.ts';
import { CategoryList } from '../../features/menu/components/category-list.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';

// The product cards are not on the first screen of a category menu; only the all-in-one variant needs them.
const AllInOnePage = lazy(() =>
  Promise.all([import('./all.tsx'), loadPageTexts()]).then(([m]) => ({ default: m.AllInOneBody })),
);

export function Component() {
  const venue = useVenue();
  const menu = useMenu();
  const { t } = useTranslation();
  const title = venue.name || t('menu.title');
  usePageMeta(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      {venue.ui.onePageMenuStyle ? (
        <AllInOnePage />
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
          feedbackOn={venue.info.functionality_modules.includes('feedback')}
          products={menu.productsByCategory}
        />
      )}
    </div>
  );
}
