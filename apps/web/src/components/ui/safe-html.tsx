/**
 * Venue-provided HTML (footer_html_content, ad html, legal texts) sanitised with DOMPurify: scripts, event-handler
 * attributes and javascript: URLs never survive. Loaded lazily so DOMPurify stays out of the first bundle; the server
 * renderer sanitizes the same way (sanitized-html.tsx), so the HTML is in the server's response and hydration keeps it.
 */
import { lazy, Suspense } from 'react';

const Sanitized = lazy(() => import('./sanitized-html.tsx'));

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Sanitized html={html} className={className} />
    </Suspense>
  );
}
