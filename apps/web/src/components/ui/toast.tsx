/**
 * Toasts: short notices after an action ("Saved", "Deleted"), stacked at the bottom corner, gone after a few
 * seconds or on their close button. `showToast` can be called from anywhere; one `<ToastRegion>` (the console
 * shells) shows them in a polite live region, errors in an assertive one.
 */
import { create } from 'zustand';
import s from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
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
    items: [...st.items.filter((x) => x.message !== message).slice(-3), { id, message, tone }],
  }));
  if (tone !== 'error') setTimeout(() => dismissToast(id), ms);
  return id;
}

export function ToastRegion({ label, closeLabel }: { label: string; closeLabel: string }) {
  const items = useToasts((st) => st.items);
  const render = (tone: 'polite' | 'assertive') => (
    <div className={s.stack} aria-live={tone} aria-relevant="additions" data-live={tone}>
      {items
        .filter((x) => (x.tone === 'error') === (tone === 'assertive'))
        .map((x) => (
          <div key={x.id} className={s.toast} data-tone={x.tone} data-testid="toast">
            <span className={s.message}>{x.message}</span>
            <button
              type="button"
              className={s.close}
              aria-label={closeLabel}
              onClick={() => dismissToast(x.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <section className={s.region} aria-label={label}>
      {render('assertive')}
      {render('polite')}
    </section>
  );
}
