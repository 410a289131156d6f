/** A console page's title (the page's one h1) with its breadcrumb trail above and its actions beside it. */
import type { ReactNode } from 'react';
import { Link } from '../link.tsx';
import s from './console.module.css';

export interface Crumb {
  label: string;
  /** a link back up; the last crumb (the page itself) has none */
  to?: string;
}

export function PageHeader({
  title,
  crumbs,
  crumbsLabel,
  actions,
}: {
  title: string;
  crumbs: Crumb[];
  /** the trail's accessible name ("Breadcrumbs" in the console's language) */
  crumbsLabel: string;
  actions?: ReactNode;
}) {
  return (
    <header className={s.pageHeader}>
      <nav aria-label={crumbsLabel}>
        <ol className={s.crumbs}>
          {crumbs.map((c, i) => (
            <li key={`${i}-${c.label}`}>
              {c.to && i < crumbs.length - 1 ? (
                <Link to={c.to}>{c.label}</Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className={s.titleRow}>
        <h1 className={s.pageTitle}>{title}</h1>
        {actions && <div className={s.actions}>{actions}</div>}
      </div>
    </header>
  );
}
