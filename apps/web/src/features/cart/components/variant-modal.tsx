/**
 * Variant modal (spec §2, §4, §9): the product name truncated to 22 characters (20 plus '…') as title, each variant a
 * button with its size and price, and — when variant_modal_with_comment is on — a comment field per variant. A
 * click adds that variant (with its comment) to the cart.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import { translateField } from '@trapeza/domain/i18n';
import type { VenueCurrency } from '@trapeza/domain/money';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { shownVariantPrice } from '../../../lib/product-price.ts';

/** Spec §9: variant modal title truncated to 22 characters, 20 plus an ellipsis. */
const VARIANT_TITLE_MAX = 22;
export function truncateTitle(name: string): string {
  const chars = [...name];
  return chars.length > VARIANT_TITLE_MAX ? `${chars.slice(0, VARIANT_TITLE_MAX - 2).join('')}…` : name;
}

export interface VariantModalProps {
  product: StoreProduct;
  /** The variant the guest clicked on the card, listed first and focused. */
  preselectedId: number | null;
  withComment: boolean;
  lang: string;
  currency: VenueCurrency;
  priceContext: Parameters<typeof shownVariantPrice>[2];
  onAdd: (variantId: number, comment: string) => void;
  onClose: () => void;
}

export function VariantModal(props: VariantModalProps) {
  const { product, lang, currency, withComment } = props;
  const { t } = useTranslation();
  const id = useId();
  const [comments, setComments] = useState<Record<number, string>>({});
  const name = translateField(product, 'name', lang);
  const variants = [...product.product_variants].sort((a, b) =>
    a.id === props.preselectedId ? -1 : b.id === props.preselectedId ? 1 : 0,
  );
  return (
    <Modal open title={truncateTitle(name)} onClose={props.onClose} sheet>
      <ul className="stack plain" aria-label={t('cart.chooseVariant')}>
        {variants.map((v) => {
          const shown = shownVariantPrice(product, v, props.priceContext);
          const size = translateField(v, 'size', lang) || name;
          const commentId = `${id}-${v.id}`;
          return (
            <li key={v.id} className="stack">
              <button
                type="button"
                className="button button-block variant-button"
                autoFocus={v.id === props.preselectedId}
                onClick={() => props.onAdd(v.id, (comments[v.id] ?? '').trim())}
              >
                <span>{size}</span>{' '}
                <Price amount={shown.price} oldAmount={shown.oldPrice} currency={currency} lang={lang} />
              </button>
              {withComment && (
                <div className="field">
                  <label htmlFor={commentId}>{t('cart.variantComment', { size })}</label>
                  <textarea
                    id={commentId}
                    rows={2}
                    maxLength={MAX_COMMENT_LENGTH}
                    value={comments[v.id] ?? ''}
                    onChange={(e) => setComments({ ...comments, [v.id]: e.target.value })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
