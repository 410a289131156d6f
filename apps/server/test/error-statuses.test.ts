/**
 * One code, one HTTP status (issue 25 #2, issue 22 #3): a client reads `payload.message` (spec §8) and must be able
 * to rely on the status that comes with it, whichever module answers. This reads every `(status, 'code')` pair the
 * server's error factories are called with (DomainError, orderError, tableError, bookingError, …; plus notFound)
 * and fails when a code is thrown with two statuses. A new module that answers an existing code with another status
 * fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.includes('fixtures') ? [path] : [];
  });
}

/** code → status → where. */
function errorStatuses(): Map<string, Map<number, string[]>> {
  const found = new Map<string, Map<number, string[]>>();
  const add = (code: string, status: number, where: string) => {
    const byStatus = found.get(code) ?? new Map<number, string[]>();
    byStatus.set(status, [...(byStatus.get(status) ?? []), where]);
    found.set(code, byStatus);
  };
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const at = (index: number) => `${relative(SRC, file)}:${text.slice(0, index).split('\n').length}`;
    for (const m of text.matchAll(/\b\w+\(\s*([45]\d\d),\s*['"]([^'"]+)['"]/g))
      add(m[2]!, Number(m[1]), at(m.index));
    for (const m of text.matchAll(/\bnotFound\(\s*['"]([^'"]+)['"]/g)) add(m[1]!, 404, at(m.index));
  }
  return found;
}

describe('error codes and HTTP statuses', () => {
  const statuses = errorStatuses();

  it('the scan sees the error factories of every module (it can fail)', () => {
    // A sample of codes the spec and the modules define, each with its one status.
    expect([...(statuses.get('invalid_promo_code')?.keys() ?? [])]).toEqual([400]);
    expect([...(statuses.get('card_payment_requires_login')?.keys() ?? [])]).toEqual([403]);
    expect(statuses.size).toBeGreaterThan(60);
  });

  it('every code has one status in every module', () => {
    const mixed = [...statuses]
      .filter(([, byStatus]) => byStatus.size > 1)
      .map(([code, byStatus]) => ({ code, statuses: Object.fromEntries(byStatus) }));
    expect(mixed).toEqual([]);
  });
});
