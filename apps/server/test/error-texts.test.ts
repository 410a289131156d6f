/**
 * Every guest-facing error code has its `message_trans` in all five languages (issue 22 #3): a German guest must not
 * read Bulgarian. The codes are the domain's lists (spec §8 order codes, the designed order, table, shared-table,
 * booking and validation codes) and every code the guest-facing sources refuse with — read from the sources, the
 * way error-statuses.test.ts reads them, so a new refusal without its texts fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_ERROR_CODES } from '@trapeza/domain/booking';
import { DESIGNED_ORDER_ERROR_CODES, ORDER_ERROR_CODES } from '@trapeza/domain/errors';
import { TABLE_ERROR_CODES } from '@trapeza/domain/contracts/orders';
import { TABLE_PARTY_ERROR_CODES } from '@trapeza/domain/table-bill';
import { VALIDATION_CODES } from '@trapeza/domain/validation';
import { errorText, missingLanguages } from '../src/lib/error-texts.ts';
import { HANDLER_CODES } from '../src/plugins/errors.ts';

const SRC = join(import.meta.dirname, '..', 'src');

/** What a guest's phone calls: the guest modules, and the plugins every guest call passes through. */
const GUEST_SOURCES = [
  'modules/orders',
  'modules/tables',
  'modules/bookings',
  'modules/users',
  'modules/feedback',
  'modules/menu',
  'modules/places',
  'modules/payments/payments.service.ts',
  'modules/payments/payments.routes.ts',
  'lib/abuse-limits.ts',
  'lib/event-stream.ts',
  'plugins/tenancy.ts',
  'plugins/auth.ts',
  'plugins/security.ts',
  'plugins/operations.ts',
];

function files(path: string): string[] {
  const full = join(SRC, path);
  if (full.endsWith('.ts')) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(path, e.name))
      : e.name.endsWith('.ts') && !e.name.includes('.test.')
        ? [join(full, e.name)]
        : [],
  );
}

function thrownCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of GUEST_SOURCES.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b\w+\(\s*[45]\d\d,\s*['"]([^'"]+)['"]/g)) found.set(m[1]!, file);
    for (const m of text.matchAll(/\bnotFound\(\s*['"]([^'"]+)['"]/g)) found.set(m[1]!, file);
  }
  return found;
}

describe('guest error texts', () => {
  const thrown = thrownCodes();
  const codes = [
    ...new Set([
      ...ORDER_ERROR_CODES,
      ...DESIGNED_ORDER_ERROR_CODES,
      ...Object.values(TABLE_ERROR_CODES),
      ...Object.values(TABLE_PARTY_ERROR_CODES),
      ...BOOKING_ERROR_CODES,
      ...VALIDATION_CODES,
      ...HANDLER_CODES,
      ...thrown.keys(),
    ]),
  ];

  it('the scan reads the guest sources (it can fail)', () => {
    expect(thrown.get('card_payment_requires_login')).toBeDefined();
    expect(thrown.get('booking_slot_taken')).toBeDefined();
    expect(thrown.get('login_fail')).toBeDefined();
    expect(thrown.size).toBeGreaterThan(40);
    expect(thrown.get('forbidden')).toBeDefined();
    expect(HANDLER_CODES).toEqual(expect.arrayContaining(['validation_error', 'invalid_json', 'not_found']));
    expect(missingLanguages({ bg: 'x', en: 'y', es: '', de: 'z' })).toEqual(['es', 'fr-CH']);
  });

  it('every guest-facing code has its text in bg, en, es, de and fr-CH', () => {
    const missing = codes
      .map((code) => ({ code, missing: missingLanguages(errorText(code)) }))
      .filter((c) => c.missing.length > 0);
    expect(missing).toEqual([]);
  });
});
