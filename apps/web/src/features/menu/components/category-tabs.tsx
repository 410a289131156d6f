/** Scrollable tabs of sibling categories (spec §2); the current one is marked and scrolled into view. */
import { useEffect, useRef } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreCategory } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import styles from './category-tabs.module.css';

export function CategoryTabs({
  place,
  siblings,
  currentId,
  lang,
}: {
  place: string;
  siblings: StoreCategory[];
  currentId: number;
  lang: string;
}) {
  const { t } = useTranslation();
  const activeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [currentId]);
  if (siblings.length < 2) return null;
  return (
    <nav aria-label={t('menu.categories')} className={styles.tabs}>
      <ul className={styles.list}>
        {siblings.map((c) => {
          const current = c.id === currentId;
          return (
            <li key={c.id}>
              <Link
                ref={current ? activeRef : undefined}
                to={`/${place}/${c.slug}`}
                className={styles.tab}
                aria-current={current ? 'page' : undefined}
              >
                {translateField(c, 'name', lang)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
