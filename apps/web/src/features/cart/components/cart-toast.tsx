/** After an add, a tooltip 'N x name - /size/' for 2.5 seconds (spec §2, §9). */
import { useEffect, useState } from 'react';
import { translateField } from '@trapeza/domain/i18n';
import { useCartStore } from '../../../stores/cart-store.ts';

const TOOLTIP_MS = 2500;

export function CartToast({ lang }: { lang: string }) {
  const lastAdded = useCartStore((s) => s.lastAdded);
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  useEffect(() => {
    if (!lastAdded) return;
    const id = window.setTimeout(() => setHiddenAt(lastAdded.at), TOOLTIP_MS);
    return () => window.clearTimeout(id);
  }, [lastAdded]);
  const visible = lastAdded != null && hiddenAt !== lastAdded.at;
  const line = lastAdded?.line;
  const name = line
    ? translateField({ name: line.name, translations: line.product_translations }, 'name', lang)
    : '';
  return (
    <div className="toast" role="status" aria-live="polite">
      {visible && line ? `${line.quantity} x ${name}${line.size ? ` - /${line.size}/` : ''}` : ''}
    </div>
  );
}
