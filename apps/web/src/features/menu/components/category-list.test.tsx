import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { buildMenuIndex } from '../../../lib/menu-index.ts';
import { category, product } from '../../../test/fixtures.ts';
import { CategoryList } from './category-list.tsx';

// Food → Soups (2 products) and Grill (1, plus one listed in both), Drinks (empty), a link category.
const soups = category({ id: 2, slug: 'soups', name: 'Супи', parentId: 1, hierarchyLevel: 2 });
const grill = category({ id: 3, slug: 'grill', name: 'Скара', parentId: 1, hierarchyLevel: 2 });
const food = category({ id: 1, slug: 'food', name: 'Храна', children: [soups, grill] });
const drinks = category({ id: 4, slug: 'drinks', name: 'Напитки/Drinks' });
const link = category({
  id: 5,
  slug: 'feedback',
  name: 'Мнение',
  type: 'link',
  links: [{ link: 'https://example.com' }],
});
const inCats = (id: number, ids: number[]): StoreProduct => ({
  ...product({ id, slug: `p${id}`, name: `P${id}` }),
  catHierarchyIds: ids,
  catHierarchyId: ids[0] ?? null,
});
const menu = buildMenuIndex(
  [food, drinks, link],
  [inCats(1, [2]), inCats(2, [2]), inCats(3, [3]), inCats(4, [2, 3])],
  { orderType: null, hasToken: false, hideProductsForOrderingWithToken: false },
);

function renderList(design: number, replaceSlash = false) {
  return render(
    <MemoryRouter>
      <CategoryList
        place="bistro"
        categories={menu.roots}
        lang="bg"
        design={design}
        roomNumber={null}
        replaceSlashWithNewLine={replaceSlash}
        multipleColumns={false}
        products={menu.productsByCategory}
      />
    </MemoryRouter>,
  );
}

describe('category list (spec §2, issue 21 #3)', () => {
  test.each([1, 2, 3])(
    'design %i: each category with its product count, subcategories included',
    (design) => {
      renderList(design);
      // Food: products 1, 2, 4 in Soups and 3, 4 in Grill — four distinct products.
      const foodLink = screen.getByRole('link', { name: /^Храна/ });
      expect(foodLink.getAttribute('href')).toBe('/bistro/food');
      expect(foodLink.textContent).toBe('ХранаПродукти: 4');
      // No products: no count; a link category: none either.
      expect(screen.getByRole('link', { name: /^Напитки/ }).textContent).toBe('Напитки/Drinks');
      expect(screen.getByRole('link', { name: /^Мнение/ }).textContent).not.toContain('Продукти');
    },
  );

  test('replace_slash_with_new_line_category_list puts each part on its own line', () => {
    renderList(2, true);
    const drinksLink = screen.getByRole('link', { name: /^Напитки/ });
    expect([...drinksLink.querySelectorAll('span span')].map((s) => s.textContent)).toEqual([
      'Напитки',
      'Drinks',
    ]);
  });

  test('the feedback module off: a link category whose only link is /feedback is not offered (issue 24)', () => {
    const feedback = category({
      id: 9,
      slug: 'otzivi',
      name: 'Отзиви',
      type: 'link',
      links: [{ link: '/feedback' }],
    });
    const list = (feedbackOn: boolean) => (
      <MemoryRouter>
        <CategoryList
          place="bistro"
          categories={[drinks, feedback]}
          lang="bg"
          design={2}
          roomNumber={null}
          replaceSlashWithNewLine={false}
          multipleColumns={false}
          products={menu.productsByCategory}
          feedbackOn={feedbackOn}
        />
      </MemoryRouter>
    );
    const { rerender } = render(list(true));
    expect(screen.getByRole('link', { name: 'Отзиви' }).getAttribute('href')).toBe('/bistro/feedback');
    rerender(list(false));
    expect(screen.queryByRole('link', { name: 'Отзиви' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Напитки/ })).toBeTruthy();
  });
});
