import { useEffect, useState } from 'react';

// The cart store and the domain cart rules load after the first screen (~1.5 KB gzip off a first visit); the
// header's badge fills in when they are there, the cart button and the place change wait for them.
export const loadCart = () => import('../lib/cart-after-load.ts');

/** The number of items in the cart, 0 until the cart has loaded. */
export function useCartCountAfterLoad(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void loadCart().then((cart) => {
      if (active) unsubscribe = cart.watchCartCount(setCount);
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);
  return count;
}
