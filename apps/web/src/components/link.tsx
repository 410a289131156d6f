import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
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
  // A click React replays while it hydrates reaches this handler before the link's effects ran, when the router's
  // navigate() is still a no-op: handled here it was swallowed (prevented, and no navigation — a guest's tap on a
  // product did nothing in a clean-clone CI run under load). Until then the click is the browser's: a page load.
  const live = useRef(false);
  useEffect(() => {
    live.current = true;
  }, []);
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented && live.current) navigate(event);
  }
  return <a {...rest} href={href} target={target} ref={ref} onClick={handleClick} />;
}
