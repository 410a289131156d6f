import type { ReactNode } from 'react';
import styles from './product-grid.module.css';

/** The theme grid (spec §9: columns per theme, set as CSS custom properties by the place layout). */
export function ProductGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function ProductGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
