import { describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ingredientsQueryOptions } from '../api/get-ingredients.ts';
import {
  FIRST_SCREEN_DATA_ID,
  readFirstScreenData,
  seedFirstScreen,
  type FirstScreenData,
} from './first-screen-data.ts';

const data: FirstScreenData = {
  place: 'bistro',
  client: 'demo',
  at: Date.now(),
  settings: { theme: { value: '1' } },
  placeInfo: { name: 'Бистро' },
  categoriesHierarchy: [{ id: 1 }],
  products: [{ id: 2 }],
  ingredients: [{ id: 3 }],
};

describe('first-screen data inlined by the server', () => {
  test('is read from its JSON script element; anything unreadable is ignored', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(readFirstScreenData(doc)).toBeNull();
    doc.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${JSON.stringify(data)}</script>`;
    expect(readFirstScreenData(doc)).toEqual(data);
    doc.getElementById(FIRST_SCREEN_DATA_ID)!.textContent = '{not json';
    expect(readFirstScreenData(doc)).toBeNull();
  });

  test('seeds the first-screen queries of its place, fresh', () => {
    const client = new QueryClient();
    expect(seedFirstScreen(client, 'demo', '/bistro/hrana', data)).toBe(true);
    expect(client.getQueryData(['settings', 'bistro'])).toEqual(data.settings);
    expect(client.getQueryData(['place', 'bistro'])).toEqual(data.placeInfo);
    expect(client.getQueryData(['categoriesHierarchy', 'bistro', null])).toEqual(data.categoriesHierarchy);
    expect(client.getQueryData(['products', 'bistro', null])).toEqual(data.products);
    // Inlined on category and product pages, under the key the product page asks for.
    expect(client.getQueryData(ingredientsQueryOptions('bistro').queryKey)).toEqual(data.ingredients);
    expect(client.getQueryState(['products', 'bistro', null])!.dataUpdatedAt).toBeGreaterThan(
      Date.now() - 5000,
    );
  });

  test('without ingredients (the place home) or a time, the rest is seeded as fetched now', () => {
    const client = new QueryClient();
    const { ingredients: _none, ...home } = data;
    expect(seedFirstScreen(client, 'demo', '/bistro', { ...home, at: Number.NaN })).toBe(true);
    expect(client.getQueryData(['ingredients', 'bistro'])).toBeUndefined();
    expect(client.getQueryState(['settings', 'bistro'])!.dataUpdatedAt).toBeGreaterThan(Date.now() - 5000);
  });

  test("an invalid QR code's token is kept for the QR entry (it asks the server no more)", () => {
    const client = new QueryClient();
    expect(seedFirstScreen(client, 'demo', '/bistro/t/nope', { ...data, invalidQr: 'nope' })).toBe(true);
    expect(client.getQueryData(['invalid-qr', 'bistro'])).toBe('nope');
    const plain = new QueryClient();
    seedFirstScreen(plain, 'demo', '/bistro', data);
    expect(plain.getQueryData(['invalid-qr', 'bistro'])).toBeUndefined();
  });

  test('data of another place or another client is not used', () => {
    const client = new QueryClient();
    expect(seedFirstScreen(client, 'demo', '/hotel', data)).toBe(false);
    expect(seedFirstScreen(client, 'other', '/bistro', data)).toBe(false);
    expect(seedFirstScreen(client, 'demo', '/bistro', null)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
