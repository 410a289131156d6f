/**
 * Venue HTML sanitized on the server (issue 17): DOMPurify over a jsdom window, the pairing DOMPurify documents for
 * Node. Imported by src/entry-server.tsx only (the server renderer's bundle): jsdom never reaches the browser.
 * One window per process, created on first use; DOMPurify keeps no state between calls beyond its configuration
 * (passed on every call), so concurrent renders of this process share it safely, and each server process has its own.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { SANITIZE_CONFIG } from '../components/ui/sanitize-config.ts';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

export function serverSanitizeHtml(html: string): string {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return purifier.sanitize(html, SANITIZE_CONFIG);
}
