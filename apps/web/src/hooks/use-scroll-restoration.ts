/**
 * Spec §2: the page scrolls to top on navigation and restores its position on going back. Positions are kept per
 * history entry in sessionStorage; a restore retries briefly while lazy content is still growing the page.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY = 'scroll_positions';

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  const all = positions();
  all[key] = y;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage unavailable: back navigation simply starts at the top
  }
}

export function useScrollRestoration() {
  const routerLocation = useLocation();
  const navigationType = useNavigationType();
  // Keyed by the history entry and its address: the first page of every load has the same key ("default"), so the
  // key alone gave a page loaded afresh in the tab (a link opened in place, a QR scan) the position of the page
  // loaded before it — the product page opened at the category's scroll. A reload keeps its position.
  const location = {
    ...routerLocation,
    key: `${routerLocation.key} ${routerLocation.pathname}${routerLocation.search}`,
  };

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePosition(location.key, window.scrollY));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);

  // The page the app starts on is left where it is unless a position was saved for it (a reload): a server-rendered
  // page can be read and scrolled before the app is live, and the guest must not be sent back to the top then.
  // (By key, not a flag: StrictMode runs the effect twice on the first page.)
  const start = useRef({ key: location.key, left: false });

  useLayoutEffect(() => {
    if (location.key !== start.current.key) start.current.left = true;
    const initial = !start.current.left;
    if (location.hash) return;
    const saved = navigationType === 'POP' ? positions()[location.key] : undefined;
    if (initial && saved === undefined) {
      // Kept as this page's position (the scroll listener only hears scrolling from now on): back returns there.
      if (window.scrollY > 0) savePosition(location.key, window.scrollY);
      return;
    }
    const target = saved ?? 0;
    window.scrollTo(0, target);
    if (target === 0) return;
    let tries = 0;
    const id = window.setInterval(() => {
      tries += 1;
      if (Math.abs(window.scrollY - target) < 2 || tries > 20) return window.clearInterval(id);
      window.scrollTo(0, target);
    }, 50);
    return () => window.clearInterval(id);
  }, [location.key, location.hash, navigationType]);
}
