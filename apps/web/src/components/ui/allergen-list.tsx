/** The allergen panel of a product (spec §2); allergens the guest avoids are emphasised. */
import { useTranslation } from 'react-i18next';
import type { StoreAllergen } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import styles from './allergen-list.module.css';

export function AllergenList({
  allergens,
  lang,
  avoid,
}: {
  allergens: StoreAllergen[];
  lang: string;
  avoid: number[];
}) {
  const { t } = useTranslation();
  if (allergens.length === 0) return null;
  return (
    <div className={styles.panel}>
      <span className={styles.title}>{t('product.allergens')}:</span>
      <ul className={styles.list}>
        {allergens.map((a) => {
          const avoided = avoid.includes(a.id);
          return (
            <li key={a.id} className={avoided ? styles.avoided : styles.item}>
              {a.image && <img src={a.image} alt="" width={20} height={20} loading="lazy" />}
              <span>{translateField(a, 'name', lang)}</span>
              {avoided && <span className="visually-hidden"> ({t('allergenFilter.avoided')})</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
