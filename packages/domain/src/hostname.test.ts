import { describe, expect, test } from 'vitest';
import { isValidHostname, normalizeHostname } from './hostname.ts';

describe('hostname', () => {
  test('accepts hostnames', () => {
    for (const h of [
      'menu.example.com',
      'Bistro-1.example.co.uk',
      'xn--80ak6aa92e.com',
      ' a.bg ',
      'a1.b2c',
    ]) {
      expect(isValidHostname(h), h).toBe(true);
    }
  });
  test('refuses what is not one', () => {
    for (const h of [
      '',
      'localhost',
      '192.168.0.1',
      'https://menu.example.com',
      'menu.example.com/x',
      'menu.example.com:8080',
      'menu example.com',
      '-a.example.com',
      'a-.example.com',
      'a..example.com',
      'menu.example.com.',
      `${'a'.repeat(64)}.com`,
      `${'a.'.repeat(127)}com`,
      null,
    ]) {
      expect(isValidHostname(h), String(h)).toBe(false);
    }
  });
  test('normalizes to lower case', () => {
    expect(normalizeHostname(' Menu.Example.COM ')).toBe('menu.example.com');
  });
});
