import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useHydrated } from '../../hooks/use-hydrated.ts';

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}

export default function SanitizedHtml({ html, className }: { html: string; className?: string | undefined }) {
  // DOMPurify needs a DOM: a server-rendered page (src/entry-server.tsx) gets an empty element, filled in right
  // after hydration (false on the server and while hydrating, true in every other browser render).
  const inBrowser = useHydrated();
  const clean = useMemo(() => (inBrowser ? sanitizeHtml(html) : ''), [html, inBrowser]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
