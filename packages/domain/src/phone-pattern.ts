/**
 * The venue's extra phone rule (setting validate_phone_number_regex), run by a linear-time engine.
 *
 * The pattern is venue-supplied, so it must not be able to freeze a process: JavaScript's RegExp backtracks, and
 * `^\+?(\d|\d|\d|\d)+\D$` against 15 digits took 4^15 steps (39 s of a shared server, every brand waiting; issue
 * "Security hardening" #3). RE2JS (a pure-JavaScript port of RE2, no backtracking) matches in time linear in the
 * phone's length whatever the pattern, and the browser runs the same engine (it loads this module lazily: the
 * engine is about 65 KB gzip and most venues set no pattern).
 *
 * Accepted forms: `^…$` (a bare pattern) or `/…/flags` with flags among `i m s u` (`g` and `y` are ignored). RE2
 * syntax is JavaScript's minus backreferences and lookarounds: those, and anything else RE2 cannot compile, are
 * refused when the admin saves the setting (checkPhonePattern) and ignored at validation time (the default phone
 * check still applies). Patterns are at most PHONE_PATTERN_MAX_LENGTH characters.
 */
import { RE2JS } from 're2js';
import type { PhonePattern } from './validation.ts';

export type { PhonePattern } from './validation.ts';

/** Longest pattern a venue may set; a phone rule needs far less, and compiling stays cheap. */
export const PHONE_PATTERN_MAX_LENGTH = 200;

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0,
  g: 0,
  y: 0,
};

type Compiled = { ok: true; pattern: PhonePattern } | { ok: false; message: string };

function compile(source: string): Compiled {
  if (source.length > PHONE_PATTERN_MAX_LENGTH) {
    return { ok: false, message: `must be at most ${PHONE_PATTERN_MAX_LENGTH} characters` };
  }
  const m = /^\/(.*)\/([a-z]*)$/s.exec(source);
  const body = m ? (m[1] as string) : source;
  let flags = 0;
  for (const f of m ? (m[2] as string) : '') {
    const bit = FLAG_BITS[f];
    if (bit === undefined) return { ok: false, message: `unsupported flag "${f}" (allowed: i, m, s, u)` };
    flags |= bit;
  }
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(body), flags);
    return { ok: true, pattern: { source, test: (phone: string) => re.test(phone) } };
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    return {
      ok: false,
      message: `must be a regular expression the linear-time engine (RE2) accepts: ${detail}`,
    };
  }
}

/**
 * Compiled patterns by source. Kept per process (and per browser tab): a pure function of the source string, so
 * several processes each holding their own copy stay correct; bounded so venue edits cannot grow it without end.
 */
const cache = new Map<string, PhonePattern | null>();
const CACHE_MAX = 256;

/** The venue's pattern compiled by RE2JS; null when empty or not compilable (then only the default check runs). */
export function compilePhonePattern(source: string | null | undefined): PhonePattern | null {
  const s = source?.trim() ?? '';
  if (s === '') return null;
  const hit = cache.get(s);
  if (hit !== undefined) return hit;
  const c = compile(s);
  const value = c.ok ? c.pattern : null;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(s, value);
  return value;
}

/** The admin's check when saving the setting: ok, or why the pattern is refused. Empty means no pattern. */
export function checkPhonePattern(
  source: string | null | undefined,
): { ok: true } | { ok: false; message: string } {
  const s = source?.trim() ?? '';
  if (s === '') return { ok: true };
  const c = compile(s);
  return c.ok ? { ok: true } : c;
}
