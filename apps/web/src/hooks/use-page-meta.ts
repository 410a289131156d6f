import { createContext, use, useEffect } from 'react';

/**
 * Provided by the server renderer only (src/entry-server.tsx), which is told the page's title while rendering it, so
 * the server-rendered page carries its own `<title>`. Absent from the browser build (`import.meta.env.SSR` is false
 * there: the context and its read are dropped).
 */
export const ServerTitleContext = import.meta.env.SSR
  ? createContext<((title: string) => void) | null>(null)
  : null;

/** Sets the document title of a page (announced by screen readers on navigation). */
export function usePageMeta(title: string, siteName?: string) {
  const text = siteName && siteName !== title ? `${title} · ${siteName}` : title;
  if (import.meta.env.SSR && ServerTitleContext) {
    const tell = use(ServerTitleContext);
    // A page without a name of its own (one about to redirect to /404) tells none: the server leaves it to the browser.
    if (tell && title) tell(text);
  }
  useEffect(() => {
    document.title = text;
  }, [text]);
}
