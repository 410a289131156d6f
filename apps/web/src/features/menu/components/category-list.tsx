/**
 * The subcategory list (spec §2, setting subcategories_design): 1 image tiles, 3 column cards, otherwise rows.
 * Link-type categories follow their link rules; the rest open their category page.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreCategory } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { categoryLinkAction, type LinkTarget } from '../../../lib/category-link.ts';
import styles from './category-list.module.css';

// The links modal is rare; it loads when first opened.
const Modal = lazy(() => import('../../../components/ui/modal.tsx').then((m) => ({ default: m.Modal })));

interface CategoryListProps {
  place: string;
  categories: StoreCategory[];
  lang: string;
  design: number;
  roomNumber: string | null;
  replaceSlashWithNewLine: boolean;
  multipleColumns: boolean;
  /** The first tiles are above the fold: load their images eagerly. */
  eagerCount?: number;
}

function displayName(name: string, replaceSlash: boolean) {
  if (!replaceSlash || !name.includes('/')) return name;
  const parts = name.split('/');
  return parts.map((p, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {p.trim()}
    </span>
  ));
}

function TargetLink({
  target,
  className,
  children,
}: {
  target: LinkTarget;
  className?: string | undefined;
  children: ReactNode;
}) {
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function CategoryList({
  place,
  categories,
  lang,
  design,
  roomNumber,
  replaceSlashWithNewLine,
  multipleColumns,
  eagerCount = 4,
}: CategoryListProps) {
  const { t } = useTranslation();
  const [linksOf, setLinksOf] = useState<{ title: string; targets: LinkTarget[] } | null>(null);
  const variant = design === 1 ? styles.tiles : design === 3 ? styles.cards : styles.rows;
  return (
    <>
      <ul className={`${styles.list} ${variant}`} data-multi={multipleColumns ? '' : undefined}>
        {categories.map((c, index) => {
          const name = translateField(c, 'name', lang);
          const action = categoryLinkAction(c, place, roomNumber);
          const image =
            c.type === 'image' || design === 1 || design === 3 ? (c.background_image ?? c.icon) : c.icon;
          const content = (
            <>
              {image && (
                <span className={styles.media}>
                  <img
                    src={image}
                    alt=""
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
              <span className={styles.name}>{displayName(name, replaceSlashWithNewLine)}</span>
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
          <Modal open={linksOf !== null} title={linksOf?.title ?? ''} onClose={() => setLinksOf(null)}>
            <ul className={styles.links}>
              {linksOf?.targets.map((target, i) => (
                <li key={i}>
                  <TargetLink target={target} className="button button-secondary">
                    {target.kind === 'internal' ? t('nav.feedback') : target.href.replace(/^https?:\/\//, '')}
                  </TargetLink>
                </li>
              ))}
            </ul>
          </Modal>
        </Suspense>
      )}
    </>
  );
}
