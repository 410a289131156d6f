/**
 * Issue 21 #2: one component set, no native-looking control on any screen. Every select of the guest, staff and
 * admin screens is the shared `Select` (components/ui/select.tsx); a raw <select> outside components/ui/ fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const src = join(import.meta.dirname, '..', '..');
const ui = join(src, 'components', 'ui');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === ui ? [] : sources(path);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path] : [];
  });
}

test('no raw <select> outside components/ui/', () => {
  const raw = sources(src)
    .filter((f) => /<select\b/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f));
  expect(raw).toEqual([]);
});
