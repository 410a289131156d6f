import DOMPurify from 'dompurify';
import { createContext, use, useMemo } from 'react';
import { SANITIZE_CONFIG } from './sanitize-config.ts';

/**
 * Provided by the server renderer only (src/entry-server.tsx: DOMPurify over a jsdom window, lib/server-sanitizer.ts),
 * so venue HTML is in the server's response. Absent from the browser build (`import.meta.env.SSR` is false there:
 * the context, its read and jsdom are dropped).
 */
export const ServerSanitizeContext = import.meta.env.SSR
  ? createContext<((html: string) => string) | null>(null)
  : null;

function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, SANITIZE_CONFIG);
}

export default function SanitizedHtml({ html, className }: { html: string; className?: string | undefined }) {
  // The same DOMPurify and configuration on both sides, each with a spec HTML parser (the browser's, jsdom's): the
  // server-rendered HTML and the one hydration computes are the same, so hydration changes nothing. A server render
  // without a sanitizer (none provided) renders an empty element, filled in the browser: never unsanitized HTML.
  const serverSanitize = import.meta.env.SSR && ServerSanitizeContext ? use(ServerSanitizeContext) : null;
  const clean = useMemo(
    () => (import.meta.env.SSR ? (serverSanitize ? serverSanitize(html) : '') : sanitizeHtml(html)),
    [html, serverSanitize],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
