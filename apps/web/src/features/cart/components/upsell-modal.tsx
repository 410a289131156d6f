/** Upselling modal (spec §2, §3 upselling product): "why not try also" — related products not yet in the cart. */
import { useTranslation } from 'react-i18next';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import type { VenueCurrency } from '@trapeza/domain/money';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';

export function UpsellModal({
  products,
  lang,
  currency,
  onAdd,
  onContinue,
}: {
  products: StoreProduct[];
  lang: string;
  currency: VenueCurrency;
  onAdd: (product: StoreProduct) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('cart.upsellTitle')} onClose={onContinue}>
      <ul className="stack plain">
        {products.map((p) => {
          const first = p.product_variants[0];
          return (
            <li key={p.id} className="row-between">
              <span>
                {translateField(p, 'name', lang)}{' '}
                {first && <Price amount={first.price} currency={currency} lang={lang} />}
              </span>
              <button type="button" className="button button-secondary" onClick={() => onAdd(p)}>
                {t('cart.addShort')}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button-block" onClick={onContinue}>
        {t('cart.continueToOrder')}
      </button>
    </Modal>
  );
}
