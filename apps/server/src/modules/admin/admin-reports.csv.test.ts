/** CSV cells (issue 23 hardening): formula-like text is prefixed with an apostrophe, not only quoted. */
import { describe, expect, test } from 'vitest';
import { csvCell } from './admin-reports.service.ts';

describe('CSV export cells', () => {
  test.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+cmd|/C calc!A0', `"'+1+cmd|/C calc!A0"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('%j starts with a formula character: prefixed and quoted', (input, cell) => {
    expect(csvCell(input)).toBe(cell);
  });

  test.each<[string | number | null, string]>([
    ['Отчетна пица', 'Отчетна пица'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['-12.50', '"-12.50"'], // an amount stays a number (quoted, as before: still read as a number)
    [-1250, '"-1250"'],
    [null, ''],
  ])('%j is left as data: %j', (input, cell) => {
    expect(csvCell(input)).toBe(cell);
  });
});
