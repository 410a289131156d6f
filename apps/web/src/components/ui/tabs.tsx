/**
 * Tabs (WAI-ARIA tabs pattern): a tablist of buttons styled as a segmented control (global .tabs/.tab), one stop for
 * Tab (the chosen tab; the others tabindex -1), arrows Left/Right and Home/End move to a tab and choose it
 * (reversed in right-to-left text). Each tab controls `${id}-panel-${tab}`; the page renders that panel with
 * `tabPanelProps`.
 */
import { useRef, type KeyboardEvent } from 'react';

interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Prefix of the tabs' and panels' element ids. */
  id: string;
  label: string;
  items: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
}

export function Tabs<T extends string>({ id, label, items, selected, onSelect }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const n = items.length;
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    const next =
      step !== undefined ? (index + step + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : null;
    const item = next === null ? undefined : items[next];
    if (!item || next === null) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onSelect(item.id);
  };
  return (
    <div role="tablist" className="tabs" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${item.id}`}
          aria-selected={selected === item.id}
          aria-controls={`${id}-panel-${item.id}`}
          tabIndex={selected === item.id ? 0 : -1}
          className={selected === item.id ? 'tab tab-active' : 'tab'}
          onClick={() => onSelect(item.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** The props of the chosen tab's panel. */
export function tabPanelProps(id: string, selected: string) {
  return {
    role: 'tabpanel',
    id: `${id}-panel-${selected}`,
    'aria-labelledby': `${id}-tab-${selected}`,
  } as const;
}
