import { describe, expect, test } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { productsQueryOptions } from '../api/get-products.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { product } from '../test/fixtures.ts';
import { useLineNames } from './use-line-names.ts';

const salad = product({
  id: 1,
  slug: 'shopska',
  name: 'Шопска салата',
  translations: { en: { name: 'Shopska salad' } },
});
salad.product_variants[0]!.translations = { en: { size: '300 g' } };
const soup = product({ id: 2, slug: 'tarator', name: 'Таратор' });

function hook(lang: string) {
  const client = createQueryClient();
  client.setQueryData(productsQueryOptions('bistro').queryKey, [salad, soup]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLineNames('bistro', lang), { wrapper }).result.current;
}

describe('order lines in the guest language', () => {
  test('a line of a product still on the menu: its translated name and size', () => {
    expect(hook('en')({ product_id: 1, variant_id: 10, name: 'Шопска салата', size: '300 г' })).toEqual({
      name: 'Shopska salad',
      size: '300 g',
    });
  });

  test('no translation: the Bulgarian one; Bulgarian guests see the stored text', () => {
    expect(hook('de')({ product_id: 2, variant_id: 20, name: 'Таратор', size: '300 г' })).toEqual({
      name: 'Таратор',
      size: '300 г',
    });
    expect(hook('bg')({ product_id: 1, variant_id: 10, name: 'Шопска салата', size: '300 г' })).toEqual({
      name: 'Шопска салата',
      size: '300 г',
    });
  });

  test('renamed since, resized since, or gone from the menu: as stored', () => {
    const names = hook('en');
    expect(names({ product_id: 1, variant_id: 10, name: 'Салата', size: '300 г' })).toEqual({
      name: 'Салата',
      size: '300 г',
    });
    expect(names({ product_id: 1, variant_id: 10, name: 'Шопска салата', size: '400 г' })).toEqual({
      name: 'Shopska salad',
      size: '400 г',
    });
    expect(names({ product_id: 99, variant_id: 990, name: 'Мусака', size: null })).toEqual({
      name: 'Мусака',
      size: null,
    });
  });
});
