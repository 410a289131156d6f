import { createContext, use, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Provided by the server renderer only (src/entry-server.tsx), which is told the page's title while rendering it, so
 * the server-rendered page carries its own `<title>`. Absent from the browser build (`import.meta.env.SSR` is false
 * there: the context and its read are dropped).
 */
export const ServerTitleContext = import.meta.env.SSR
  ? createContext<((title: string) => void) | null>(null)
  : null;

// Pages shown so far in this tab: the first one keeps the browser's own focus (the top of the document).
let shown = 0;

/**
 * Sets the document title of a page (announced by screen readers on navigation) and, after an in-app navigation,
 * moves the focus to the new page's heading (or its main region): a keyboard or screen-reader user continues from
 * the new content instead of from a link that no longer exists (issue 21 #6). Not when a dialog is open.
 */
export function usePageMeta(title: string, siteName?: string) {
  const { pathname } = useLocation();
  const text = siteName && siteName !== title ? `${title} · ${siteName}` : title;
  if (import.meta.env.SSR && ServerTitleContext) {
    const tell = use(ServerTitleContext);
    // A page without a name of its own (one about to redirect to /404) tells none: the server leaves it to the browser.
    if (tell && title) tell(text);
  }
  useEffect(() => {
    document.title = text;
  }, [text]);
  useEffect(() => {
    if (shown++ === 0 || document.querySelector('[role="dialog"], dialog[open]')) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) heading.tabIndex = -1;
    (heading ?? document.querySelector<HTMLElement>('main'))?.focus({ preventScroll: true });
  }, [pathname]);
}
