import { describe, expect, test } from 'vitest';
import { checkPhonePattern, compilePhonePattern, PHONE_PATTERN_MAX_LENGTH } from './phone-pattern.ts';
import { isValidPhone } from './validation.ts';

describe('phone-pattern: venue phone rules run in linear time (issue 23 #3)', () => {
  test('the catastrophic pattern of the security probe answers at once on a 15-digit phone', () => {
    const evil = compilePhonePattern('^\\+?(\\d|\\d|\\d|\\d)+\\D$');
    expect(evil).not.toBeNull();
    const started = performance.now();
    // JavaScript's RegExp needs 4^15 steps here (39 s on the probe's machine); RE2JS a few dozen.
    expect(isValidPhone('123456789012345', evil)).toBe(false);
    expect(isValidPhone('+359 888 123 456', evil)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  test.each([
    ['^\\+359\\d{9}$', '+359888123456', true],
    ['^\\+359\\d{9}$', '0888123456', false],
    ['/^08\\d{8}$/', '0888123456', true],
    ['/^08\\d{8}$/gu', '0888123456', true],
    ['/^(?<prefix>08)\\d{8}$/', '0888123456', true], // JavaScript's named groups are translated
    ['\\+44', '+44 20 7946 0958', true], // unanchored: found anywhere, like RegExp.test
  ])('%j matches %j = %s', (source, phone, ok) => {
    expect(isValidPhone(phone, compilePhonePattern(source))).toBe(ok);
  });

  test.each([
    ['(\\d)\\1', 'invalid escape'], // backreference
    ['^(?=0)\\d+$', 'Perl syntax'], // lookahead
    ['([', 'missing'],
    ['/^\\d+$/x', 'unsupported flag'],
    ['\\d{1001}', 'repeat count'],
    ['\\d'.repeat(PHONE_PATTERN_MAX_LENGTH), `at most ${PHONE_PATTERN_MAX_LENGTH}`],
  ])('%j is refused when saved (%s) and ignored when validating', (source, why) => {
    const r = checkPhonePattern(source);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toContain(why);
    expect(compilePhonePattern(source)).toBeNull();
    expect(isValidPhone('0888123456', compilePhonePattern(source))).toBe(true);
  });

  test('empty means no venue rule', () => {
    expect(checkPhonePattern('  ')).toEqual({ ok: true });
    expect(compilePhonePattern(null)).toBeNull();
    expect(compilePhonePattern('')).toBeNull();
  });
});
