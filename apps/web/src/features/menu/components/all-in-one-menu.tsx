/** The all-in-one page (spec §2, one_page_menu_style = 1, or /{place}/all): every category with its products. */
import { useTranslation } from 'react-i18next';
import type { StoreCategory, StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import type { MenuIndex } from '../../../lib/menu-index.ts';
import { ProductCard, type ProductCardProps } from './product-card.tsx';
import { ProductGrid, ProductGridItem } from './product-grid.tsx';
import styles from './all-in-one-menu.module.css';

interface AllInOneMenuProps {
  menu: MenuIndex;
  lang: string;
  card: Omit<ProductCardProps, 'product' | 'href' | 'eager' | 'headingLevel'>;
  hrefFor: (p: StoreProduct) => string | null;
  visible: (p: StoreProduct[]) => StoreProduct[];
}

export function AllInOneMenu({ menu, lang, card, hrefFor, visible }: AllInOneMenuProps) {
  const { t } = useTranslation();
  const sections: { category: StoreCategory; path: string; products: StoreProduct[] }[] = [];
  const walk = (cats: StoreCategory[], prefix: string) => {
    for (const c of cats) {
      if (c.type === 'link') continue;
      const name = translateField(c, 'name', lang);
      const path = prefix ? `${prefix} / ${name}` : name;
      const products = visible(menu.productsByCategory.get(c.id) ?? []);
      if (products.length > 0) sections.push({ category: c, path, products });
      walk(c.children, path);
    }
  };
  walk(menu.roots, '');
  let index = 0;
  return (
    <>
      <nav aria-label={t('menu.categories')} className={styles.jump}>
        <ul>
          {sections.map((s) => (
            <li key={s.category.id}>
              <a href={`#cat-${s.category.slug}`}>{s.path}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((s) => (
        <section
          key={s.category.id}
          id={`cat-${s.category.slug}`}
          aria-labelledby={`h-${s.category.slug}`}
          className={styles.section}
        >
          <h2 id={`h-${s.category.slug}`}>{s.path}</h2>
          <ProductGrid>
            {s.products.map((p) => (
              <ProductGridItem key={p.id}>
                <ProductCard {...card} product={p} href={hrefFor(p)} eager={index++ < 2} headingLevel={3} />
              </ProductGridItem>
            ))}
          </ProductGrid>
        </section>
      ))}
    </>
  );
}
