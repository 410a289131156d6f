import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An in-app link: `<a href>` that navigates through the router on a plain click (a modified click, another target or
 * a click before the app is live is the browser's). React Router's own `Link` is replaced because it carries the
 * framework mode's route-module prefetching (`prefetch`, `discover`, RSC), which this app never uses but every first
 * visit downloaded: about 1.7 KB gzip of the entry chunk (issue 17, 120 KB budget). Only paths inside the app.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return <a {...rest} href={href} target={target} ref={ref} onClick={handleClick} />;
}
