/** The cart's lines (spec §3): name, size, chosen ingredients, per-variant comment, quantity +/− and remove. */
import { useTranslation } from 'react-i18next';
import type { StoreIngredient } from '@trapeza/domain/contracts/menu';
import {
  cartLineKey,
  cartLines,
  decrementCartLine,
  setCartLineQuantity,
  type Cart,
  type OrderComment,
} from '@trapeza/domain/cart';
import { translateField } from '@trapeza/domain/i18n';
import type { VenueCurrency } from '@trapeza/domain/money';
import { Price } from '../../../components/ui/price.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import type { OrderTotalView } from '../hooks/use-order-total.ts';

interface CartLinesProps {
  cart: Cart;
  comments: OrderComment[];
  ingredientMap: Map<number, StoreIngredient>;
  view: OrderTotalView;
  lang: string;
  currency: VenueCurrency;
  onChange: (cart: Cart, comments?: OrderComment[]) => void;
}

export function CartLines({ cart, comments, ingredientMap, view, lang, currency, onChange }: CartLinesProps) {
  const { t } = useTranslation();
  const ingName = (id: number) => {
    const i = ingredientMap.get(id);
    return i ? translateField(i, 'name', lang) : String(id);
  };
  const amounts = new Map(view.total.lines.map((l) => [l.key, l]));
  /** A variant's comment goes with its last line. */
  const withoutOrphans = (next: Cart) => comments.filter((c) => next[String(c.variantId)] !== undefined);
  return (
    <ul className="cart-lines plain">
      {cartLines(cart).map((line) => {
        const key = cartLineKey(line);
        const name = translateField(
          { name: line.name, translations: line.product_translations },
          'name',
          lang,
        );
        const size = translateField(
          { size: line.size, translations: line.variant_translations },
          'size',
          lang,
        );
        const amount = amounts.get(key);
        const comment = comments.find((c) => c.variantId === line.product_variant_id)?.comment;
        const { required, addable, removable } = line.ingredients;
        return (
          <li key={key} className="cart-line" aria-label={name}>
            <div className="row-between">
              <strong>
                <span dir="auto">{name}</span>
                {size ? ` – ${size}` : ''}
              </strong>
              {amount && (
                <Price
                  amount={amount.net}
                  oldAmount={amount.productDiscount > 0 ? amount.gross : null}
                  currency={currency}
                  lang={lang}
                />
              )}
            </div>
            {(required > 0 || addable.length > 0 || removable.length > 0) && (
              <p className="muted">
                {[
                  ...(required > 0 ? [ingName(required)] : []),
                  ...addable.map((id) => `+ ${ingName(id)}`),
                  ...removable.map((id) => t('product.without', { name: ingName(id) })),
                ].join(', ')}
              </p>
            )}
            {comment && <p className="muted">„{comment}“</p>}
            <Stepper
              label={t('cart.quantityOf', { name })}
              decreaseLabel={t('cart.decrease', { name })}
              increaseLabel={t('cart.increase', { name })}
              value={line.quantity}
              // Below one removes the line (and its extras that no longer have a line to go with).
              onChange={(quantity) => {
                const next =
                  quantity < line.quantity
                    ? decrementCartLine(cart, key)
                    : setCartLineQuantity(cart, key, quantity);
                onChange(next, quantity < line.quantity ? withoutOrphans(next) : undefined);
              }}
            >
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  const next = setCartLineQuantity(cart, key, 0);
                  onChange(next, withoutOrphans(next));
                }}
              >
                {t('cart.remove')}
              </button>
            </Stepper>
          </li>
        );
      })}
    </ul>
  );
}
