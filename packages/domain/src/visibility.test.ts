import { describe, expect, test } from 'vitest';
import {
  checkProductOrderable,
  filterCategories,
  filterProducts,
  isAddToCartHidden,
  isCategoryVisible,
  isProductVisible,
  PRODUCT_NOT_ORDERABLE_MESSAGE,
  type BrowseContext,
} from './visibility.ts';

const SPOT: BrowseContext = { orderType: 1, hasToken: true };
const BROWSE: BrowseContext = { orderType: 4, hasToken: true };
const ROOM: BrowseContext = { orderType: 6, hasToken: true };
const DELIVERY: BrowseContext = { orderType: 2, hasToken: false };
const WEB: BrowseContext = { orderType: null, hasToken: false };
const PREORDER: BrowseContext = { orderType: 3, hasToken: false };

describe('orderability (spec §5: order_allowed on one of catHierarchyIds)', () => {
  const cats = [
    { id: 1, order_allowed: 1 },
    { id: 2, order_allowed: 0 },
    { id: 3, order_allowed: '1' },
    { id: 4, order_allowed: false },
  ];
  test.each([
    [[1], true],
    [[2], false],
    [[2, 3], true],
    [[4, 2], false],
    [[99], false],
    [[], false],
    [null, false],
  ])('§5 catHierarchyIds %j orderable = %s', (ids, ok) => {
    expect(checkProductOrderable({ catHierarchyIds: ids }, cats).ok).toBe(ok);
  });

  test('§5 the refusal carries the code and the spec message', () => {
    expect(checkProductOrderable({ catHierarchyIds: [2] }, cats)).toEqual({
      ok: false,
      code: 'product_not_orderable',
    });
    expect(PRODUCT_NOT_ORDERABLE_MESSAGE.bg).toBe('Този продукт не може да бъде поръчан');
  });

  test('a Map of categories works', () => {
    const map = new Map([[5, { order_allowed: true }]]);
    expect(checkProductOrderable({ catHierarchyIds: [5] }, map)).toEqual({ ok: true });
    expect(checkProductOrderable({ catHierarchyIds: [6] }, map).ok).toBe(false);
  });
});

describe('category visibility (spec §3, §4: flags by order type and token)', () => {
  test.each([
    [{}, SPOT, true],
    [{}, WEB, true],
    [{ show_cat_only_for_spot_orders: 1 }, SPOT, true],
    [{ show_cat_only_for_spot_orders: 1 }, DELIVERY, false],
    [{ show_cat_only_for_spot_orders: 1 }, BROWSE, false],
    [{ show_cat_only_for_spot_orders: 1 }, WEB, false],
    [{ hide_cat_only_for_spot_orders: 1 }, SPOT, false],
    [{ hide_cat_only_for_spot_orders: 1 }, ROOM, true],
    [{ hide_cat_only_for_spot_orders: '1' }, WEB, true],
    [{ show_only_for_spot_browse: 1 }, BROWSE, true],
    [{ show_only_for_spot_browse: 1 }, SPOT, false],
    [{ hide_only_for_spot_browse: 1 }, BROWSE, false],
    [{ hide_only_for_spot_browse: 1 }, SPOT, true],
    [{ show_cat_only_for_delivery_orders: 1 }, DELIVERY, true],
    [{ show_cat_only_for_delivery_orders: 1 }, WEB, true],
    [{ show_cat_only_for_delivery_orders: 1 }, SPOT, false],
    [{ show_cat_only_for_delivery_orders: 1 }, PREORDER, false],
    [{ hide_cat_only_for_delivery_orders: 1 }, DELIVERY, false],
    [{ hide_cat_only_for_delivery_orders: 1 }, WEB, false],
    [{ hide_cat_only_for_delivery_orders: 1 }, SPOT, true],
    [{ show_cat_only_for_spot_orders: 0, hide_only_for_spot_browse: '0' }, BROWSE, true],
    [{ show_cat_only_for_spot_orders: 1, hide_cat_only_for_spot_orders: 1 }, SPOT, false],
  ])('§4 category %j in %j visible = %s', (flags, ctx, visible) => {
    expect(isCategoryVisible(flags, ctx)).toBe(visible);
  });

  test('a hidden category drops with its subtree; visible children are filtered too', () => {
    const tree = [
      { id: 1, children: [{ id: 11 }, { id: 12, hide_cat_only_for_spot_orders: 1 }] },
      { id: 2, show_cat_only_for_delivery_orders: 1, children: [{ id: 21 }] },
      { id: 3 },
    ];
    const ids = (cats: { id: number; children?: { id: number }[] }[]): unknown =>
      cats.map((c) => (c.children ? [c.id, ids(c.children)] : c.id));
    expect(ids(filterCategories(tree, SPOT))).toEqual([[1, [11]], 3]);
    expect(ids(filterCategories(tree, DELIVERY))).toEqual([[1, [11, 12]], [2, [21]], 3]);
  });
});

describe('product visibility (spec §3, §4)', () => {
  const withSetting = (ctx: BrowseContext, hide: boolean) => ({
    ...ctx,
    hideProductsForOrderingWithToken: hide,
  });
  test.each([
    [{}, SPOT, false, true],
    [{ show_only_for_spot_browse: 1 }, BROWSE, false, true],
    [{ show_only_for_spot_browse: 1 }, SPOT, false, false],
    [{ hide_only_for_spot_browse: 1 }, BROWSE, false, false],
    [{ hide_only_for_spot_browse: 1 }, DELIVERY, false, true],
    [{ hide_for_ordering: 1 }, SPOT, true, false],
    [{ hide_for_ordering: 1 }, SPOT, false, true],
    [{ hide_for_ordering: 1 }, WEB, true, true],
    [{ hide_for_ordering: 1 }, ROOM, true, false],
    [{ hide_for_ordering: 0 }, SPOT, true, true],
  ])('§4 product %j in %j (hide with token %s) visible = %s', (flags, ctx, hide, visible) => {
    expect(isProductVisible(flags, withSetting(ctx, hide))).toBe(visible);
  });

  test('filterProducts keeps order', () => {
    const list = [{ id: 1 }, { id: 2, hide_for_ordering: true }, { id: 3 }];
    expect(filterProducts(list, withSetting(SPOT, true)).map((p) => p.id)).toEqual([1, 3]);
  });
});

describe('add-to-cart button (spec §2: hide_add_to_cart_btn)', () => {
  test.each([
    [0, SPOT, false, false],
    [1, SPOT, false, true],
    [2, BROWSE, false, true],
    [2, SPOT, true, true],
    [2, SPOT, false, false],
  ])('hide_add_to_cart_btn=%d in %j tablet %s → hidden %s', (v, ctx, tablet, hidden) => {
    expect(isAddToCartHidden(v, { ...ctx, tabletMode: tablet })).toBe(hidden);
  });
});
