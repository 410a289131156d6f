/**
 * A small cart store over the domain cart rules (spec §3, §4): lines kept in localStorage under `to_order`,
 * identity and merge by `@trapeza/domain/cart`. The full cart and ordering screens come with the ordering issue.
 */
import { create } from 'zustand';
import {
  addToCart,
  cartItemCount,
  setVariantComment,
  type Cart,
  type CartLine,
  type OrderComment,
} from '@trapeza/domain/cart';
import { readJson, writeJson } from '../lib/storage.ts';

const KEY = 'to_order';
const COMMENTS_KEY = 'order_comments';

interface CartState {
  cart: Cart;
  /** The last add, for the 'N x name - /size/' tooltip (spec §2, shown 2.5 s). */
  lastAdded: { line: CartLine; at: number } | null;
  comments: OrderComment[];
  add: (line: CartLine, comment?: string) => void;
  clear: () => void;
}

export const useCartStore = create<CartState>((set, get) => ({
  cart: readJson<Cart>(KEY, {}),
  lastAdded: null,
  comments: readJson<OrderComment[]>(COMMENTS_KEY, []),
  add: (line, comment) => {
    const cart = addToCart(get().cart, line);
    writeJson(KEY, cart);
    let comments = get().comments;
    if (comment) {
      const r = setVariantComment(comments, line.product_variant_id, comment);
      if (r.ok) comments = r.comments;
      writeJson(COMMENTS_KEY, comments);
    }
    set({ cart, comments, lastAdded: { line, at: Date.now() } });
  },
  clear: () => {
    writeJson(KEY, {});
    writeJson(COMMENTS_KEY, []);
    set({ cart: {}, comments: [], lastAdded: null });
  },
}));

export const useCartCount = () => useCartStore((s) => cartItemCount(s.cart));
