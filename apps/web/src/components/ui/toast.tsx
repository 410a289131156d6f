/**
 * Toasts: short notices after an action ("Saved", "Deleted"), stacked at the bottom corner, gone after a few
 * seconds or on their close button. Built on Radix's headless toast (@radix-ui/react-toast): a named region (F8
 * moves the focus there), each notice announced to screen readers (errors assertively, others politely), its timer
 * paused while the pointer or the focus is on it, Escape or a swipe dismisses it; drawn by the project's own CSS.
 * `showToast` can be called from anywhere; one `<ToastRegion>` (the console shells) shows them.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { create } from 'zustand';
import s from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  /** how long it stays; errors stay until closed */
  ms: number;
}

const useToasts = create<{ items: ToastItem[] }>(() => ({ items: [] }));
let nextId = 1;

function dismissToast(id: number) {
  useToasts.setState((st) => ({ items: st.items.filter((x) => x.id !== id) }));
}

/** Shows a notice; errors stay until closed, others for `ms` (5 s by default). */
export function showToast(message: string, tone: ToastTone = 'success', ms = 5000) {
  const id = nextId++;
  // The same message twice in a row (a form saved again) replaces the earlier one rather than stacking.
  useToasts.setState((st) => ({
    items: [
      ...st.items.filter((x) => x.message !== message).slice(-3),
      { id, message, tone, ms: tone === 'error' ? Number.POSITIVE_INFINITY : ms },
    ],
  }));
  return id;
}

export function ToastRegion({ label, closeLabel }: { label: string; closeLabel: string }) {
  const items = useToasts((st) => st.items);
  return (
    <RadixToast.Provider label={label} swipeDirection="right">
      {items.map((x) => (
        <RadixToast.Root
          key={x.id}
          className={s.toast}
          data-tone={x.tone}
          data-testid="toast"
          type={x.tone === 'error' ? 'foreground' : 'background'}
          duration={x.ms}
          onOpenChange={(open) => {
            if (!open) dismissToast(x.id);
          }}
        >
          <RadixToast.Description className={s.message}>{x.message}</RadixToast.Description>
          <RadixToast.Close className={s.close} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={s.region} label={label} />
    </RadixToast.Provider>
  );
}
