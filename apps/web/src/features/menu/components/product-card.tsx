/**
 * Product card (spec §2): subcategory label, product label, out-of-stock label, image with zoom, name,
 * description, allergen panel, minimum durability, variants with size and price. Out-of-stock products are
 * dimmed and not clickable. Products with an allergen the guest avoids are marked.
 */
import { useState, type ComponentProps } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreProduct, StoreVariant } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import type { VenueCurrency } from '@trapeza/domain/money';
import { AllergenList } from '../../../components/ui/allergen-list.tsx';
import { Lightbox } from '../../../components/ui/lightbox.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useLazyOpener } from '../../../hooks/use-lazy-opener.ts';
import { shownVariantPrice } from '../../../lib/product-price.ts';
import styles from './product-card.module.css';
import { ZoomIcon } from '../../../components/ui/icons.tsx';
import { decorativePicture } from '../../../components/ui/broken-image.ts';

export interface PriceContext {
  now: Date;
  timeZone: string;
  orderType: 1 | 2 | 3 | 4 | 6 | 7 | null;
  moneyDiscountOnlyForPreorder: boolean;
}

export interface ProductCardProps {
  product: StoreProduct;
  /** Product page URL, or null when the page is off (view_product_page) or the product is a booking. */
  href: string | null;
  lang: string;
  currency: VenueCurrency;
  priceContext: PriceContext;
  avoidAllergens: number[];
  /** Images above the fold load eagerly; the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** clickable_product_variants: each variant adds itself to the cart. */
  onAddVariant?: ((product: StoreProduct, variant: StoreVariant) => void) | null;
  /** Whether "+" is offered for the product (not for a category that does not allow ordering). */
  canAdd?: (product: StoreProduct) => boolean;
  /** Booking-type products open the booking flow instead of a page. */
  onBook?: ((product: StoreProduct) => void) | null;
  /** The booking flow's code, loaded on demand: a booking button's tap waits for it, the button busy. */
  loadBooking?: () => Promise<unknown>;
  /** Whether a size's "+" opens the variant picker (spec §4: the variant-comment modal) instead of adding it. */
  addOpensPicker?: (product: StoreProduct) => boolean;
  /** The variant picker's code (the cart's screens), loaded on demand: such a "+" waits for it, the button busy. */
  loadVariantPicker?: () => Promise<unknown>;
  /** Without clickable variants: the card's add button opens the product sheet (sizes, extras, comment). */
  onOpen?: ((product: StoreProduct) => void) | null;
  /** The product sheet's code, loaded on demand: the add button's tap waits for it, the button busy. */
  loadSheet?: () => Promise<unknown>;
}

const loaded = () => Promise.resolve();

/**
 * A button that opens something whose code loads on demand: asked for on the guest's intent, a tap before it is
 * there held with the button busy (hooks/use-lazy-opener.ts), so the tap is never answered by nothing.
 */
function OpenerButton({
  load,
  open,
  ...props
}: Omit<ComponentProps<'button'>, 'onClick'> & { load: () => Promise<unknown>; open: () => void }) {
  return <button type="button" {...props} {...useLazyOpener(load, open)} />;
}

export function ProductCard({
  product,
  href,
  lang,
  currency,
  priceContext,
  avoidAllergens,
  eager,
  headingLevel = 2,
  onAddVariant,
  canAdd,
  onBook,
  loadBooking = loaded,
  addOpensPicker,
  loadVariantPicker = loaded,
  onOpen,
  loadSheet = loaded,
}: ProductCardProps) {
  const { t } = useTranslation();
  // On a server-rendered page the buttons wait for the app (a click before would be lost).
  const live = useHydrated();
  const [zoom, setZoom] = useState(false);
  const name = translateField(product, 'name', lang);
  const description = translateField(product, 'description', lang);
  const label = translateField(product, 'label', lang);
  const subcategory = translateField(product, 'subcategory', lang);
  const outOfStock = product.in_stock === 0;
  const avoided = product.allergens.filter((a) => avoidAllergens.includes(a.id));
  const image = product.product_images[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const clickable = !outOfStock && href !== null;
  const showVariants = product.hide_variants !== 1;
  // With the sizes hidden, the add button's row shows the first size's price.
  const first = product.product_variants[0];
  const fromPrice = first ? shownVariantPrice(product, first, priceContext) : null;
  // A booking's "+" opens the booking modal, and a "+" that does not add at once the variant picker
  // (use-product-cards.ts): both are code loaded on demand, which the tap waits for.
  const loadAdd =
    product.type === 'booking' ? loadBooking : addOpensPicker?.(product) ? loadVariantPicker : null;

  return (
    <article
      className={styles.card}
      data-out-of-stock={outOfStock ? '' : undefined}
      data-avoided={avoided.length > 0 ? '' : undefined}
      aria-label={name}
    >
      {image && (
        <div className={styles.media}>
          <img
            {...decorativePicture(name, image.path)}
            width={image.width ?? 400}
            height={image.height ?? 300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            style={{
              objectPosition: `50% ${product.image_position_y}%`,
              transform:
                product.image_scale && product.image_scale !== 1
                  ? `scale(${product.image_scale})`
                  : undefined,
            }}
          />
          {!outOfStock && (
            <button
              type="button"
              className={styles.zoom}
              disabled={!live}
              onClick={() => setZoom(true)}
              aria-label={t('product.zoomImage', { name })}
            >
              <ZoomIcon />
            </button>
          )}
        </div>
      )}
      <div className={styles.body}>
        <div className={styles.labels}>
          {subcategory && <span className={styles.subLabel}>{subcategory}</span>}
          {label && <span className={styles.label}>{label}</span>}
          {outOfStock && <span className={styles.outLabel}>{t('product.outOfStock')}</span>}
          {avoided.length > 0 && (
            <span className={styles.avoidLabel}>
              {t('allergenFilter.contains', {
                list: avoided.map((a) => translateField(a, 'name', lang)).join(', '),
              })}
            </span>
          )}
        </div>
        <Heading className={styles.name} dir="auto">
          {clickable ? (
            <Link to={href} className={styles.link}>
              {name}
            </Link>
          ) : (
            <span>{name}</span>
          )}
        </Heading>
        {description && <p className={styles.description}>{description}</p>}
        <AllergenList allergens={product.allergens} lang={lang} avoid={avoidAllergens} />
        {product.minimum_durability != null && product.minimum_durability > 0 && (
          <p className={styles.meta}>
            {t('product.minimumDurability', { count: product.minimum_durability })}
          </p>
        )}
        {showVariants && product.product_variants.length > 0 && (
          <ul className={styles.variants} aria-label={t('product.variants')}>
            {product.product_variants.map((v) => {
              const shown = shownVariantPrice(product, v, priceContext);
              const size = translateField(v, 'size', lang);
              return (
                <li key={v.id} className={styles.variant}>
                  {size && <span className={styles.size}>{size}</span>}
                  <Price amount={shown.price} oldAmount={shown.oldPrice} currency={currency} lang={lang} />
                  {onAddVariant &&
                    !outOfStock &&
                    (canAdd?.(product) ?? true) &&
                    (loadAdd ? (
                      <OpenerButton
                        className={styles.add}
                        disabled={!live}
                        aria-haspopup="dialog"
                        load={loadAdd}
                        open={() => onAddVariant(product, v)}
                        aria-label={t('cart.addNamed', { name: size ? `${name} ${size}` : name })}
                      >
                        +
                      </OpenerButton>
                    ) : (
                      <button
                        type="button"
                        className={styles.add}
                        disabled={!live}
                        onClick={() => onAddVariant(product, v)}
                        aria-label={t('cart.addNamed', { name: size ? `${name} ${size}` : name })}
                      >
                        +
                      </button>
                    ))}
                </li>
              );
            })}
          </ul>
        )}
        {onOpen &&
          !onAddVariant &&
          product.type !== 'booking' &&
          !outOfStock &&
          (canAdd?.(product) ?? true) && (
            <div className={styles.footer}>
              {!showVariants && fromPrice && (
                <Price
                  amount={fromPrice.price}
                  oldAmount={fromPrice.oldPrice}
                  currency={currency}
                  lang={lang}
                />
              )}
              <OpenerButton
                className={`button ${styles.addMain}`}
                disabled={!live}
                aria-haspopup="dialog"
                load={loadSheet}
                open={() => onOpen(product)}
                aria-label={t('cart.addNamed', { name })}
              >
                <span aria-hidden="true">+</span> {t('product.addShort')}
              </OpenerButton>
            </div>
          )}
        {onBook && product.type === 'booking' && !outOfStock && (
          <OpenerButton
            className="button"
            disabled={!live}
            aria-haspopup="dialog"
            load={loadBooking}
            open={() => onBook(product)}
          >
            {t('booking.book')}
          </OpenerButton>
        )}
      </div>
      {image && zoom && (
        <Lightbox images={product.product_images} alt={name} open={zoom} onClose={() => setZoom(false)} />
      )}
    </article>
  );
}
