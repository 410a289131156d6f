import { useEffect } from 'react';

/** Sets the document title of a page (announced by screen readers on navigation). */
export function usePageMeta(title: string, siteName?: string) {
  useEffect(() => {
    document.title = siteName && siteName !== title ? `${title} · ${siteName}` : title;
  }, [title, siteName]);
}
