/** A link-type category's target: an in-app route, or an external page in a new tab. */
import type { ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import type { LinkTarget } from '../../../lib/category-link.ts';

export function TargetLink({
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
