/**
 * `/{place}/{catSlug}`: one category (spec §2) with its sibling tabs and swipe, children or product cards, video,
 * PDF mode, link rules and the call-waiter modal. Slugs `about-…` are the `/{place}/about-{product}` page.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreCategory } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { loadCartScreens } from '../cart-screens.ts';
import { loadProductSheet, ProductSheet } from '../product-sheet.tsx';
import { BookingModal, loadBookingModal } from '../../features/booking/components/booking-modal.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { CategoryList } from '../../features/menu/components/category-list.tsx';
import { CategoryTabs } from '../../features/menu/components/category-tabs.tsx';
import { ProductCard } from '../../features/menu/components/product-card.tsx';
import { ProductGrid, ProductGridItem } from '../../features/menu/components/product-grid.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useProductCards } from '../../hooks/use-product-cards.ts';
import { useSwipe } from '../../hooks/use-swipe.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { categoryLinkAction } from '../../lib/category-link.ts';
import { siblingsOf } from '../../lib/menu-index.ts';
import { Redirect } from '../redirect.tsx';

const AboutProductPage = lazy(() => import('./about-product.tsx'));
const CallWaiterModal = lazy(() =>
  import('../../features/table/components/call-waiter-modal.tsx').then((m) => ({
    default: m.CallWaiterModal,
  })),
);

export function Component() {
  const { catSlug = '' } = useParams();
  if (catSlug.startsWith('about-')) return <AboutProductPage product={catSlug.slice('about-'.length)} />;
  return <CategoryPage slug={catSlug} />;
}

function CategoryPage({ slug }: { slug: string }) {
  const menu = useMenu();
  const category = menu.bySlug.get(slug);
  if (!category) return <Redirect to="/404" />;
  // A new category starts with fresh local state (the call-waiter modal opens again).
  return <CategoryView key={category.id} category={category} />;
}

function CategoryView({ category }: { category: StoreCategory }) {
  const venue = useVenue();
  const menu = useMenu();
  const cards = useProductCards(venue, menu, loadBookingModal, loadCartScreens, loadProductSheet);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { place, lang, ui } = venue;
  const [waiterOpen, setWaiterOpen] = useState(category.open_call_waiter === 1);
  const orderToken = useSessionStore((s) => (s.orderToken?.place === place ? s.orderToken.token : null));
  const name = translateField(category, 'name', lang);
  const description = translateField(category, 'description', lang);
  usePageMeta(name, venue.name);

  const siblings = siblingsOf(menu, category);
  const index = siblings.findIndex((c) => c.id === category.id);
  const go = (to: StoreCategory | undefined) => {
    if (to) void navigate(`/${place}/${to.slug}`);
  };
  const swipe = useSwipe(
    () => go(siblings[index + 1]),
    () => go(siblings[index - 1]),
  );

  const products = cards.visible(menu.productsByCategory.get(category.id) ?? []);
  const link = categoryLinkAction(
    category,
    place,
    venue.roomNumber,
    venue.info.functionality_modules.includes('feedback'),
  );
  const parent = menu.parentOf.get(category.id) ?? null;

  return (
    <div className="page" {...swipe}>
      <CategoryTabs place={place} siblings={siblings} currentId={category.id} lang={lang} />
      {parent && (
        <p className="breadcrumb">
          <Link to={`/${place}/${parent.slug}`}>← {translateField(parent, 'name', lang)}</Link>
        </p>
      )}
      <h1>{name}</h1>
      {description && <p className="lead">{description}</p>}
      {category.video_name && (
        <video
          className="category-video"
          src={category.video_name}
          controls
          muted
          playsInline
          preload="none"
          width={640}
          height={360}
        />
      )}
      {category.type === 'link' && link.kind !== 'none' && (
        <ul className="stack" role="list">
          {(link.kind === 'modal' ? link.targets : [link]).map((target, i) => (
            <li key={i}>
              {target.kind === 'internal' ? (
                <Link className="button" to={target.to}>
                  {t('nav.feedback')}
                </Link>
              ) : (
                <a className="button" href={target.href} target="_blank" rel="noopener noreferrer">
                  {t('menu.openLink')} <span className="visually-hidden">({t('common.opensInNewTab')})</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {ui.pdfMenuEnabled && category.pdf_path ? (
        <div className="pdf-menu">
          <a className="button" href={category.pdf_path} target="_blank" rel="noopener noreferrer">
            {t('menu.openPdf')}
          </a>
          {/* A frame, not <object>: the Content Security Policy allows frames of the site and https, no plugins. */}
          <iframe src={category.pdf_path} title={name} className="pdf-frame" loading="lazy" />
        </div>
      ) : category.children.length > 0 ? (
        <CategoryList
          place={place}
          categories={category.children}
          lang={lang}
          design={ui.subcategoriesDesign}
          roomNumber={venue.roomNumber}
          replaceSlashWithNewLine={ui.replaceSlashWithNewLine}
          multipleColumns={ui.multipleColumns}
          feedbackOn={venue.info.functionality_modules.includes('feedback')}
          products={menu.productsByCategory}
        />
      ) : category.type !== 'link' && products.length === 0 ? (
        <p>{t('menu.noProducts')}</p>
      ) : (
        <ProductGrid label={t('menu.productsOf', { name })}>
          {products.map((p, i) => (
            <ProductGridItem key={p.id}>
              <ProductCard {...cards.common} product={p} href={cards.hrefFor(p)} eager={i < 2} />
            </ProductGridItem>
          ))}
        </ProductGrid>
      )}
      {waiterOpen && (
        <Suspense fallback={null}>
          <CallWaiterModal open place={place} token={orderToken} onClose={() => setWaiterOpen(false)} />
        </Suspense>
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
