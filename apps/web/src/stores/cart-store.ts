/**
 * A small cart store over the domain cart rules (spec §3, §4): lines kept in localStorage under `to_order`,
 * identity and merge by `@trapeza/domain/cart`. The full cart and ordering screens come with the ordering issue.
 */
import { create } from 'zustand';
import {
  addToCart,
  setVariantComment,
  type Cart,
  type CartLine,
  type OrderComment,
} from '@trapeza/domain/cart';
import { readJson, writeJson } from '../lib/storage.ts';

const KEY = 'to_order';
const COMMENTS_KEY = 'order_comments';
const TEXT_COMMENT_KEY = 'order_text_comment';
/** Spec §4: a set clear-cart flag empties the cart on the next start (e.g. after a kiosk hand-over). */
const CLEAR_FLAG_KEY = 'clear_cart';
const clearFlag = readJson<unknown>(CLEAR_FLAG_KEY, null);
if (clearFlag === 1 || clearFlag === true || clearFlag === '1') {
  writeJson(KEY, {});
  writeJson(COMMENTS_KEY, []);
  writeJson(CLEAR_FLAG_KEY, 0);
}

interface CartState {
  cart: Cart;
  /** The last add, for the 'N x name - /size/' tooltip (spec §2, shown 2.5 s). */
  lastAdded: { line: CartLine; at: number } | null;
  comments: OrderComment[];
  /** The free-text comment of the whole order (≤ 500, spec §5). */
  orderComment: string;
  /** `quantity` units of `line`, each one add of the domain's (spec §4: an identical line rises by one). */
  add: (line: CartLine, comment?: string, quantity?: number) => void;
  /** Replaces the cart (and optionally the per-variant comments) with the result of a domain cart rule. */
  setCart: (cart: Cart, comments?: OrderComment[]) => void;
  setOrderComment: (text: string) => void;
  clear: () => void;
}

export const useCartStore = create<CartState>((set, get) => ({
  cart: readJson<Cart>(KEY, {}),
  lastAdded: null,
  comments: readJson<OrderComment[]>(COMMENTS_KEY, []),
  orderComment: readJson<string>(TEXT_COMMENT_KEY, ''),
  add: (line, comment, quantity = 1) => {
    let cart = get().cart;
    for (let i = 0; i < quantity; i++) cart = addToCart(cart, line);
    writeJson(KEY, cart);
    let comments = get().comments;
    if (comment) {
      const r = setVariantComment(comments, line.product_variant_id, comment);
      if (r.ok) comments = r.comments;
      writeJson(COMMENTS_KEY, comments);
    }
    set({ cart, comments, lastAdded: { line: { ...line, quantity }, at: Date.now() } });
  },
  setCart: (cart, comments) => {
    writeJson(KEY, cart);
    if (comments) writeJson(COMMENTS_KEY, comments);
    set(comments ? { cart, comments } : { cart });
  },
  setOrderComment: (text) => {
    writeJson(TEXT_COMMENT_KEY, text);
    set({ orderComment: text });
  },
  clear: () => {
    writeJson(KEY, {});
    writeJson(COMMENTS_KEY, []);
    writeJson(TEXT_COMMENT_KEY, '');
    set({ cart: {}, comments: [], orderComment: '', lastAdded: null });
  },
}));

// ---------------------------------------------------------------------------------------------------------------
// Which cart screen is open (spec §3 client state: selected cart tab) and a pending add that needs the variant
// modal. Kept in this first-screen module so the header's cart button and the cards can open the lazily loaded
// cart screens without a chunk of their own.

/** `bill`: the table's shared bill and its split (issue 19), offered at a shared table. */
export type CartTab = 'cart' | 'orders' | 'bill';

interface AddRequest {
  productId: number;
  /** A variant chosen on the card (clickable_product_variants); null lets the guest choose. */
  variantId: number | null;
}

interface CartUiState {
  /** The drawer's tab, or null when closed. */
  tab: CartTab | null;
  addRequest: AddRequest | null;
  /** At a shared table (issue 19): the shared cart's item count, which the header shows; null elsewhere. */
  sharedCount: number | null;
  setSharedCount: (count: number | null) => void;
  /** Set once anything asked for the cart screens, so their chunk is loaded and stays mounted. */
  wanted: boolean;
  openCart: (tab?: CartTab) => void;
  closeCart: () => void;
  requestAdd: (request: AddRequest) => void;
  clearAddRequest: () => void;
}

export const useCartUiStore = create<CartUiState>((set) => ({
  tab: null,
  addRequest: null,
  sharedCount: null,
  setSharedCount: (sharedCount) => set({ sharedCount }),
  wanted: false,
  openCart: (tab = 'cart') => set({ tab, wanted: true }),
  closeCart: () => set({ tab: null }),
  requestAdd: (addRequest) => set({ addRequest, wanted: true }),
  clearAddRequest: () => set({ addRequest: null }),
}));
