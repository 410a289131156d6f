/** `/{place}/{catSlug}/{prodSlug}`: the product page (spec §2) with up to 4 related products. */
import { useParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createCartLine } from '@trapeza/domain/cart';
import { translateField } from '@trapeza/domain/i18n';
import { checkProductOrderable, isAddToCartHidden } from '@trapeza/domain/visibility';
import { ingredientsQueryOptions } from '../../api/get-ingredients.ts';
import { loadCartScreens } from '../cart-screens.ts';
import { loadProductSheet, ProductSheet } from '../product-sheet.tsx';
import { BookingModal, loadBookingModal } from '../../features/booking/components/booking-modal.tsx';
import { ProductCard } from '../../features/menu/components/product-card.tsx';
import { ProductGrid, ProductGridItem } from '../../features/menu/components/product-grid.tsx';
import { ProductDetail } from '../../features/product/components/product-detail.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useProductCards } from '../../hooks/use-product-cards.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { useCartStore } from '../../stores/cart-store.ts';
import { Redirect } from '../redirect.tsx';

const RELATED_LIMIT = 4;

export function Component() {
  const { catSlug = '', prodSlug = '' } = useParams();
  const venue = useVenue();
  const menu = useMenu();
  const cards = useProductCards(venue, menu, loadBookingModal, loadCartScreens, loadProductSheet);
  const { data: ingredients } = useSuspenseQuery(ingredientsQueryOptions(venue.place));
  const add = useCartStore((s) => s.add);
  const { t } = useTranslation();
  const product = menu.productBySlug.get(prodSlug);
  const category = menu.bySlug.get(catSlug) ?? null;
  const name = product && product.type !== 'booking' ? translateField(product, 'name', venue.lang) : '';
  usePageMeta(name, venue.name);
  if (!product || product.type === 'booking') return <Redirect to="/404" />;

  const orderAllowed = checkProductOrderable(product, menu.categories).ok;
  const related = product.related_products
    .map((id) => menu.productById.get(id))
    .filter((p) => p !== undefined)
    .slice(0, RELATED_LIMIT);
  const ingredientMap = new Map(ingredients.map((i) => [i.id, i]));

  return (
    <div className="page">
      {category && (
        <p className="breadcrumb">
          <Link to={`/${venue.place}/${category.slug}`}>
            ← {translateField(category, 'name', venue.lang)}
          </Link>
        </p>
      )}
      <ProductDetail
        key={product.id}
        product={product}
        ingredients={ingredients}
        lang={venue.lang}
        currency={venue.currency}
        priceContext={cards.common.priceContext}
        avoidAllergens={cards.common.avoidAllergens}
        orderAllowed={orderAllowed}
        addToCartHidden={isAddToCartHidden(venue.ui.hideAddToCartBtn, venue.ctx)}
        addToCartPosition={venue.ui.addToCartPosition}
        onAdd={(variantId, chosen, comment, quantity) => {
          const variant = product.product_variants.find((v) => v.id === variantId);
          if (!variant) return;
          add(
            createCartLine(product, variant, { now: new Date(), ingredients: ingredientMap, chosen }),
            comment,
            quantity,
          );
        }}
      />
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="related">
          <h2 id="related-title">{t('product.related')}</h2>
          <ProductGrid>
            {related.map((p) => (
              <ProductGridItem key={p.id}>
                <ProductCard {...cards.common} product={p} href={cards.hrefFor(p)} headingLevel={3} />
              </ProductGridItem>
            ))}
          </ProductGrid>
        </section>
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
