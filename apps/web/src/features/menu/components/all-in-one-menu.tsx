/** The all-in-one page (spec §2, one_page_menu_style = 1, or /{place}/all): every category with its products. */
import type { MouseEvent } from 'react';
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

/**
 * A jump link's tap scrolls its section into view and moves the focus there itself: left to the browser, the hash
 * change reached the router as a navigation and the page stayed at the top (the URL took the hash, the section was
 * never shown — e2e/tests/all-in-one.spec.ts). The address still takes the hash (replaced, not a new history entry).
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const id = event.currentTarget.hash.slice(1);
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ block: 'start' });
  section.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
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
              <a href={`#cat-${s.category.slug}`} onClick={jumpTo}>
                {s.path}
              </a>
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
          tabIndex={-1}
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
