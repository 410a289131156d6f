/**
 * The subcategory list (spec §2, setting subcategories_design): 1 image tiles, 3 column cards, otherwise rows —
 * each compact enough that a phone shows a screenful of categories, with the number of products each holds (its
 * subcategories' included; counted from the products the first screen's data carries, so the server's HTML has it
 * and nothing shifts). Link-type categories follow their link rules; the rest open their category page.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreCategory, StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { categoryLinkAction, type LinkTarget } from '../../../lib/category-link.ts';
import { TargetLink } from './target-link.tsx';
import styles from './category-list.module.css';
import { decorativePicture } from '../../../components/ui/broken-image.ts';

// The links modal is rare; it loads when first opened.
const LinksModal = lazy(() => import('./category-links.tsx').then((m) => ({ default: m.LinksModal })));

interface CategoryListProps {
  place: string;
  categories: StoreCategory[];
  lang: string;
  design: number;
  roomNumber: string | null;
  replaceSlashWithNewLine: boolean;
  multipleColumns: boolean;
  /** The visible products of each category (MenuIndex.productsByCategory). */
  products: Map<number, StoreProduct[]>;
  /** The first tiles are above the fold: load their images eagerly. */
  eagerCount?: number;
  /** The venue's feedback module is on (a link category's /feedback link is offered only then). */
  feedbackOn?: boolean;
}

/** The distinct products of a category and its subcategories. */
function productCount(c: StoreCategory, products: Map<number, StoreProduct[]>): number {
  const ids = new Set<number>();
  const walk = (c: StoreCategory) => {
    products.get(c.id)?.forEach((p) => ids.add(p.id));
    c.children.forEach(walk);
  };
  walk(c);
  return ids.size;
}

export function CategoryList({
  place,
  categories,
  lang,
  design,
  roomNumber,
  replaceSlashWithNewLine,
  multipleColumns,
  products,
  eagerCount = 4,
  feedbackOn = true,
}: CategoryListProps) {
  const { t } = useTranslation();
  const [linksOf, setLinksOf] = useState<{ title: string; targets: LinkTarget[] } | null>(null);
  const variant = design === 1 ? styles.tiles : design === 3 ? styles.cards : styles.rows;
  return (
    <>
      <ul className={`${styles.list} ${variant}`} data-multi={multipleColumns ? '' : undefined}>
        {categories.map((c, index) => {
          const name = translateField(c, 'name', lang);
          const action = categoryLinkAction(c, place, roomNumber, feedbackOn);
          // A link category with nothing to open (its only link the switched-off feedback page) is no dead end.
          if (c.type === 'link' && action.kind === 'none') return null;
          const image =
            c.type === 'image' || design === 1 || design === 3 ? (c.background_image ?? c.icon) : c.icon;
          const count = action.kind === 'none' ? productCount(c, products) : 0;
          const content = (
            <>
              {image && (
                <span className={styles.media}>
                  <img
                    {...decorativePicture(name, image)}
                    width={400}
                    height={300}
                    loading={index < eagerCount ? 'eager' : 'lazy'}
                    // The first row holds the page's largest picture: fetched ahead of the app's scripts, not
                    // throttled behind the stylesheets as a low-priority image.
                    fetchPriority={index < 2 ? 'high' : undefined}
                    decoding="async"
                  />
                </span>
              )}
              <span className={styles.name}>
                {/* replace_slash_with_new_line_category_list: each part a line of the name's column. */}
                {(replaceSlashWithNewLine ? name.split('/') : [name]).map((line, i) => (
                  <span key={i}>{line.trim()}</span>
                ))}
                {count > 0 && <span className={styles.count}>{t('menu.count', { count })}</span>}
              </span>
              {action.kind === 'external' && (
                <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
              )}
            </>
          );
          return (
            <li key={c.id} className={styles.item}>
              {action.kind === 'none' ? (
                <Link to={`/${place}/${c.slug}`} className={styles.entry}>
                  {content}
                </Link>
              ) : action.kind === 'modal' ? (
                <button
                  type="button"
                  className={styles.entry}
                  aria-haspopup="dialog"
                  onClick={() => setLinksOf({ title: name, targets: action.targets })}
                >
                  {content}
                </button>
              ) : (
                <TargetLink target={action} className={styles.entry}>
                  {content}
                </TargetLink>
              )}
            </li>
          );
        })}
      </ul>
      {linksOf !== null && (
        <Suspense fallback={null}>
          <LinksModal {...linksOf} onClose={() => setLinksOf(null)} />
        </Suspense>
      )}
    </>
  );
}
