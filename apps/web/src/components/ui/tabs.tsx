/**
 * Tabs (WAI-ARIA tabs pattern) on Radix's headless tabs (@radix-ui/react-tabs: roving focus, arrows Left/Right and
 * Home/End move to a tab and choose it, Enter/Space choose, one Tab stop), drawn by the project's own CSS as a
 * segmented control (global .tabs/.tab). Each tab controls `${id}-panel-${tab}`; the page renders that panel with
 * `tabPanelProps` wherever it likes (the panel need not sit inside the tablist's tree).
 */
import * as RadixTabs from '@radix-ui/react-tabs';

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
  return (
    <RadixTabs.Root asChild value={selected} onValueChange={(v) => onSelect(v as T)}>
      <RadixTabs.List className="tabs" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.id}
            value={item.id}
            id={`${id}-tab-${item.id}`}
            aria-controls={`${id}-panel-${item.id}`}
            className={selected === item.id ? 'tab tab-active' : 'tab'}
            // Radix chooses on mousedown; a dialog whose height changes with the new panel then moves under the
            // pointer, the press ends on the backdrop and the click closes the dialog. A tab is chosen on click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={(e) => {
              e.currentTarget.focus();
              onSelect(item.id);
            }}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
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
