import { useState } from 'react';

/**
 * The props of a button that opens something whose code loads on demand (the login modal, the call-waiter modal, the
 * cart, the booking modal): a guest's tap is never answered by nothing. The code is asked for as soon as the guest
 * shows the intent (the pointer over or down on the button, the focus on it), so it is often there by the click; a
 * click before it is there is kept: the button says it is busy (`aria-busy`, a spinner drawn by global.css) and `open`
 * runs once the code has arrived (or failed to arrive: then it runs as a plain click did, and the failed chunk is the
 * page's error boundary's, as before). A second tap meanwhile opens nothing twice. `load` returns the same promise on
 * every call (an `import()` does).
 */
export function useLazyOpener(load: () => Promise<unknown>, open: () => void) {
  const [busy, setBusy] = useState(false);
  const preload = () => void load().catch(() => {});
  return {
    'aria-busy': busy || undefined,
    onPointerEnter: preload,
    onPointerDown: preload,
    onFocus: preload,
    onClick: () => {
      if (busy) return;
      setBusy(true);
      const done = () => {
        setBusy(false);
        open();
      };
      load().then(done, done);
    },
  };
}
