/**
 * A price as a guest sees it (spec §2, §9): the amount in the venue currency, the old price struck through when a
 * discount applies, and the second currency when show_prices_in_two_currency is on. Formatting is the domain's.
 */
import { useTranslation } from 'react-i18next';
import { formatPrice, type Minor, type VenueCurrency } from '@trapeza/domain/money';
import styles from './price.module.css';

interface PriceProps {
  amount: Minor;
  oldAmount?: Minor | null;
  currency: VenueCurrency;
  lang: string;
  /** A discount: the minus sign on the amount and on the second currency alike (issue 24). */
  negative?: boolean;
}

export function Price({ amount, oldAmount, currency, lang, negative = false }: PriceProps) {
  const sign = negative ? '−' : '';
  const { t } = useTranslation();
  const now = formatPrice(amount, currency, lang);
  const old = oldAmount != null && oldAmount > amount ? formatPrice(oldAmount, currency, lang) : null;
  return (
    <span className={styles.price}>
      {old && (
        <del className={styles.old}>
          <span className="visually-hidden">{t('price.old')} </span>
          {old.primary}
        </del>
      )}
      <span className={old ? styles.discounted : styles.current}>
        {old && <span className="visually-hidden">{t('price.new')} </span>}
        {sign}
        {now.primary}
      </span>
      {now.secondary && (
        <span className={styles.secondary}>
          ({sign}
          {now.secondary})
        </span>
      )}
    </span>
  );
}
