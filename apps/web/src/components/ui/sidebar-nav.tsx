/**
 * The consoles' side navigation: named groups of links, the current one marked `aria-current="page"`.
 * `Link` + aria-current rather than NavLink (NavLink's code would land in the guest entry chunk). `onNavigate`
 * may stop a click (unsaved changes: the shell asks first).
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from '../link.tsx';
import s from './console.module.css';

interface SidebarItem {
  to: string;
  label: string;
  current?: boolean;
  icon?: ReactNode;
}
export interface SidebarGroup {
  title: string;
  items: SidebarItem[];
}

export function SidebarNav({
  label,
  groups,
  onNavigate,
}: {
  label: string;
  groups: SidebarGroup[];
  onNavigate?: (e: MouseEvent<HTMLAnchorElement>, to: string) => void;
}) {
  return (
    <nav className={s.sidebarNav} aria-label={label}>
      {groups.map((g) => (
        <div key={g.title} className={s.navGroup}>
          <h2 className={s.navGroupTitle}>{g.title}</h2>
          <ul>
            {g.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={item.current ? 'page' : undefined}
                  onClick={onNavigate ? (e) => onNavigate(e, item.to) : undefined}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
