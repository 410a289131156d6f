/**
 * The web app's boot script (apps/web/public/boot.js → dist/boot.js) inlined in the server-rendered pages instead of
 * a `<script src>` of its own (issue 17: Lighthouse's simulated LCP of /bistro/about counted the script's own request,
 * one more round trip before the first paint, where the page's static twin has none). The content security policy
 * lets exactly this text run by its sha256 hash (security.ts, `script-src 'sha256-…'`): no `'unsafe-inline'`.
 *
 * Read once per process and per build folder: the text put in the pages and the hash put in the header both come
 * from that one read, so they always agree, even if the folder is rebuilt under a running server (that server keeps
 * inlining the script it started with, which its header allows; a deploy restarts the process and reads the new
 * build). The file is not read per request, and a page never carries a script its own header would block.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BootScript {
  /** The script's text, exactly as it is inlined (the hash is of these characters' UTF-8 bytes). */
  code: string;
  /** Its CSP source expression: `'sha256-<base64>'`. */
  source: string;
}

const read = new Map<string, BootScript | null>();

/** The build's boot script, or null when the build has none (or one that cannot be inlined as it is). */
export function bootScript(distDir: string): BootScript | null {
  let boot = read.get(distDir);
  if (boot === undefined) {
    const file = join(distDir, 'boot.js');
    const code = existsSync(file) ? readFileSync(file, 'utf8') : null;
    // Inside <script>…</script> a `</script` or `<!--` would end or change the element: such a text is not inlined.
    boot =
      code === null || /<\/script|<!--/i.test(code)
        ? null
        : { code, source: `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'` };
    read.set(distDir, boot);
  }
  return boot;
}

/** The CSP hash sources of the build's inline scripts: its boot script's, if it has one. */
export function bootScriptSources(distDir: string): string[] {
  const boot = bootScript(distDir);
  return boot ? [boot.source] : [];
}
