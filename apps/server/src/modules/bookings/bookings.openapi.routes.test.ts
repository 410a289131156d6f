/**
 * The bookings API as an integrator reads it in the OpenAPI document (`GET /api/docs/json`, issue 22): every call
 * under its tag with a summary, its success answer's schema, the headers it reads, and the refusals a client has to
 * handle named by their codes — the slot taken, the guest's open-booking limit, the rate limit, a confirm too late,
 * a cancel too late, a staff transition the table does not allow. The document is built when the app boots, so a
 * call left undocumented (or documented with a wrong code) is found here and nowhere else.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type Doc = { paths: Record<string, Partial<Record<'get' | 'post' | 'patch', Operation>>> };

const CALLS = [
  ['post', '/api/bookings/getBusyDates', 'bookings', '200'],
  ['post', '/api/bookings/getFreeHoursForDate', 'bookings', '200'],
  ['get', '/api/bookings/halls', 'bookings', '200'],
  ['post', '/api/bookings', 'bookings', '201'],
  ['get', '/api/bookings/{id}', 'bookings', '200'],
  ['post', '/api/bookings/{id}/confirm', 'bookings', '200'],
  ['post', '/api/bookings/{id}/cancel', 'bookings', '200'],
  ['get', '/api/users/bookings', 'bookings', '200'],
  ['post', '/api/users/bookings/{id}/cancel', 'bookings', '200'],
  ['get', '/api/staff/bookings', 'staff', '200'],
  ['patch', '/api/staff/bookings/{id}', 'staff', '200'],
] as const;

describeEachDatabase('bookings in the OpenAPI document', (ctx) => {
  const doc = async () => (await ctx.get('/api/docs/json')).json() as Doc;
  const op = (d: Doc, method: string, path: string): Operation => {
    const found = d.paths[path]?.[method as 'get'];
    expect(found, `${method} ${path}`).toBeDefined();
    return found!;
  };
  const answer = (o: Operation, status: string) => JSON.stringify(o.responses[status] ?? null);

  ctx.test('every booking call: its tag, a summary, the schema of its answer', async () => {
    const d = await doc();
    for (const [method, path, tag, ok] of CALLS) {
      const o = op(d, method, path);
      expect(o.tags, path).toEqual([tag]);
      expect(o.summary, path).toMatch(/\w{4,} \w+/);
      expect(o.responses[ok]?.content?.['application/json']?.schema, `${path} ${ok}`).toBeDefined();
    }
    const summaries = CALLS.map(([method, path]) => op(d, method, path).summary);
    expect(new Set(summaries).size, 'each call says what it does').toBe(CALLS.length);
  });

  ctx.test('the guest calls document the language and sign-in headers they read', async () => {
    const d = await doc();
    const o = op(d, 'post', '/api/bookings');
    const header = (name: string) => o.parameters?.find((p) => p.in === 'header' && p.name === name);
    expect(header('lang')?.description).toMatch(/bg, en, es, de, fr-CH/);
    expect(header('authorization')?.description).toMatch(/Bearer/);
    expect(header('client')).toBeDefined();
    expect(header('place')).toBeDefined();
  });

  ctx.test('booking a table: the three ways it goes on, and each refusal by its code', async () => {
    const d = await doc();
    const o = op(d, 'post', '/api/bookings');
    for (const phrase of [
      'booking_email_confirmation (default on)',
      'POST bookings/{id}/confirm',
      'booking_online_payment it is pending_payment',
      'confirmed at once',
      'booking_max_open_per_guest open bookings per guest (409)',
    ]) {
      expect(o.description, phrase).toContain(phrase);
    }
    expect(answer(o, '400')).toContain('booking_invalid_data');
    expect(answer(o, '409')).toContain('booking_slot_taken');
    expect(answer(o, '409')).toContain('booking_limit_reached');
    expect(answer(o, '409')).toContain('booking_max_open_per_guest');
    expect(answer(o, '409')).toContain('open bookings here');
    expect(answer(o, '429')).toContain('rate_limited');
  });

  ctx.test('the e-mailed links: confirm in time or never, cancel until the stay begins', async () => {
    const d = await doc();
    const confirm = op(d, 'post', '/api/bookings/{id}/confirm');
    for (const phrase of ['pending_confirmation', 'booking_confirm_minutes, 30', '404 booking_not_found']) {
      expect(confirm.description, phrase).toContain(phrase);
    }
    expect(answer(confirm, '409')).toContain('booking_not_confirmable');
    expect(answer(op(d, 'post', '/api/bookings/{id}/cancel'), '409')).toContain('booking_not_cancellable');
    expect(answer(op(d, 'post', '/api/users/bookings/{id}/cancel'), '409')).toContain(
      'booking_not_cancellable',
    );
  });

  ctx.test('staff: which booking transitions are refused, and why', async () => {
    const d = await doc();
    const o = op(d, 'patch', '/api/staff/bookings/{id}');
    expect(answer(o, '409')).toContain('booking_invalid_transition');
    expect(answer(o, '409')).toContain('booking_slot_taken');
    for (const staffCall of [op(d, 'get', '/api/staff/bookings'), o]) {
      expect(answer(staffCall, '401')).toContain('Not signed in');
      expect(answer(staffCall, '403')).toContain('booking_module_disabled');
    }
  });
});
