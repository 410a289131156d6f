/** Typed test data built on the API contracts' inferred types. */
import type { StoreCategory, StoreProduct } from '@trapeza/domain/contracts/menu';

export function category(
  over: Partial<StoreCategory> & Pick<StoreCategory, 'id' | 'slug' | 'name'>,
): StoreCategory {
  return {
    description: null,
    translations: {},
    icon: null,
    type: 'normal',
    links: [],
    hierarchyLevel: 1,
    parentId: null,
    priority: over.id,
    background_image: null,
    video_name: null,
    pdf_path: null,
    open_call_waiter: 0,
    order_allowed: 1,
    show_cat_only_for_spot_orders: 0,
    hide_cat_only_for_spot_orders: 0,
    show_only_for_spot_browse: 0,
    hide_only_for_spot_browse: 0,
    show_cat_only_for_delivery_orders: 0,
    hide_cat_only_for_delivery_orders: 0,
    children: [],
    ...over,
  };
}

export function product(
  over: Partial<StoreProduct> & Pick<StoreProduct, 'id' | 'slug' | 'name'>,
): StoreProduct {
  return {
    type: 'normal',
    description: null,
    translations: {},
    product_variants: [
      {
        id: over.id * 10,
        price: 1000,
        additional_price: 0,
        size: '300 г',
        booking_duration: null,
        translations: {},
      },
    ],
    product_images: [],
    allergens: [],
    subcategory: null,
    in_stock: 1,
    label: null,
    hide_for_ordering: 0,
    isLiquid: 0,
    discount_percent: 0,
    discount_money: 0,
    hide_variants: 0,
    catHierarchyIds: [1],
    catHierarchyId: 1,
    product_ingredients: [],
    minimum_durability: null,
    image_position_y: 50,
    image_scale: 1,
    disable_promocode_discount: 0,
    related_products: [],
    min_count_addable_ingredients: 0,
    max_count_addable_ingredients: 0,
    show_only_for_spot_browse: 0,
    hide_only_for_spot_browse: 0,
    time_based_discount_enabled: 0,
    time_based_discount_days: [],
    time_based_discount_start_hour: 0,
    time_based_discount_end_hour: 23,
    time_based_discount_percent: 0,
    priority: over.id,
    ...over,
  };
}
