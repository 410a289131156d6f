/**
 * The cart's screens (the drawer, the variant picker) and their texts, cart-toast.tsx loadCartScreens, asked for
 * through the toast's chunk, their host: the buttons that open them (the header's cart button, the table bar's bill,
 * a size's "+" that opens the variant picker) wait for them after a tap (hooks/use-lazy-opener.ts).
 */
export const loadCartScreens = () =>
  import('../features/cart/components/cart-toast.tsx').then((m) => m.loadCartScreens());
