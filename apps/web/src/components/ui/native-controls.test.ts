/**
 * Issue 21 #2: one component set, no native-looking control on any screen. Every select of the guest, staff and
 * admin screens is the shared `Select` (components/ui/select.tsx); a raw <select> outside components/ui/ fails here.
 * Radios and checkboxes are `ChoiceCard`s (or `Chip`s; the booking's hour pills are a ChoiceCardGroup with
 * layout="pills"); a file that must still hold a raw one is listed below with why (none today), and a new one
 * anywhere else fails. Sliders are `Slider`, dates and times `DateTimeField` / `TimeField`: a native
 * range or date/time input anywhere else fails.
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

/** Raw radios/checkboxes still allowed, each with its reason: empty, and it only shrinks (the test below). */
const RAW_CHOICE_ALLOWED: Record<string, string> = {};

test('no raw radio or checkbox outside components/ui/ but the listed files', () => {
  const raw = sources(src)
    .filter((f) => /<input\b[^>]*\btype=["'{]*(checkbox|radio)\b/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f))
    .filter((f) => !(f in RAW_CHOICE_ALLOWED));
  expect(raw).toEqual([]);
});

test('the list names only files that still hold a raw radio or checkbox (it only shrinks)', () => {
  const stale = Object.keys(RAW_CHOICE_ALLOWED).filter(
    (f) => !/<input\b[^>]*\btype=["'{]*(checkbox|radio)\b/.test(readFileSync(join(src, f), 'utf8')),
  );
  expect(stale).toEqual([]);
});

const NATIVE_PICKER = /<input\b[^>]*\btype=["'{]*(range|date|datetime-local|time|month|week)\b/;

test('no native slider or date/time picker outside components/ui/ (Slider, DateTimeField and TimeField instead)', () => {
  const raw = sources(src)
    .filter((f) => NATIVE_PICKER.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f));
  expect(raw).toEqual([]);
});
