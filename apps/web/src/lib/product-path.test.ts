import { describe, expect, test } from 'vitest';
import { productPath } from './product-path.ts';

describe('product URLs (spec §2)', () => {
  test.each([
    ['/bistro', 'salads', '/bistro/salads/shopska'],
    ['/bistro/salads', 'salads', '/bistro/salads/shopska'],
    ['/bistro/search', 'salads', '/bistro/salads/shopska'],
    ['/bistro/salads/caesar', 'salads', '/bistro/salads/shopska'],
    ['/bistro', null, '/bistro/shopska'],
  ])('from %s (category %s)', (current, cat, expected) => {
    expect(productPath(current, 'bistro', 'shopska', cat)).toBe(expected);
  });
});
