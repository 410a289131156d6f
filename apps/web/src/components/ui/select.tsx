/**
 * The one select of the guest, staff and admin screens (issue 21 #2): Radix's headless select
 * (@radix-ui/react-select) with the project's own CSS. The trigger is a `role="combobox"` button named by its
 * label (`<label htmlFor>` on its `id`, or `aria-label`); the list opens below it with the arrows, typeahead, Enter,
 * Space and Escape, and nothing of the browser's own dropdown is shown. Inside an open dialog (Modal: the rest of the
 * page is hidden and takes no taps then) the list is portalled into that dialog, so it is on top, can be used and
 * has the dialog's colours.
 *
 * The choices are given as data (`options`); '' is a value like any other (Radix keeps '' for "nothing chosen", so it
 * is mapped to a private value inside). A react-hook-form field uses `FormSelect` (form-select.tsx).
 */
import * as RadixSelect from '@radix-ui/react-select';
import { useRef, useState, type FocusEvent, type Ref } from 'react';
import s from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  id?: string;
  /** the name in a native form submission (Radix adds a hidden native select inside a <form>) */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** shown while the value is none of the options */
  placeholder?: string;
  /** the trigger's class (its width, say) */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  /** the trigger lost the focus to something other than its own list */
  onBlur?: (e: FocusEvent<HTMLButtonElement>) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'data-testid'?: string;
}

/** Radix refuses '' as an item's value (it means "no value"): '' is this inside. */
const EMPTY = '\u2063none';
const toRadix = (v: string) => (v === '' ? EMPTY : v);
const fromRadix = (v: string) => (v === EMPTY ? '' : v);

export function Select({
  value,
  onValueChange,
  options,
  name,
  disabled,
  required,
  placeholder,
  className,
  onBlur,
  ref,
  ...trigger
}: SelectProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const open = useRef(false);
  const own = useRef<HTMLButtonElement | null>(null);
  const known = options.some((o) => o.value === value);
  return (
    <RadixSelect.Root
      value={known ? toRadix(value) : ''}
      onValueChange={(v) => onValueChange(fromRadix(v))}
      onOpenChange={(next) => {
        open.current = next;
        // A modal dialog hides the rest of the page (aria-hidden, no taps): the list goes inside the open one, if
        // any. Else inside the venue's page (.place carries its theme's colours as variables), so the list is drawn in
        // the venue's colours like its trigger, not the console's defaults.
        if (next) setContainer(own.current?.closest<HTMLElement>('[role="dialog"], .place') ?? null);
      }}
      name={name}
      disabled={disabled}
      required={required}
    >
      <RadixSelect.Trigger
        {...trigger}
        ref={(el) => {
          own.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        className={`${s.trigger}${className ? ` ${className}` : ''}`}
        // Opening moves the focus into the list: not a blur of the field (a form would mark it touched too early).
        onBlur={(e) => {
          if (!open.current) onBlur?.(e);
        }}
      >
        <span className={s.value}>
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon asChild>
          <span className={s.chevron} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal container={container}>
        <RadixSelect.Content position="popper" sideOffset={4} collisionPadding={8} className={s.content}>
          <RadixSelect.Viewport className={s.viewport}>
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={toRadix(o.value)}
                disabled={o.disabled}
                className={s.item}
              >
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className={s.check} aria-hidden />
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}

/**
 * A list's filter: a select whose first choice is "all" (the empty value) and whose name is for screen readers
 * only (the toolbar shows the choice itself). `onChange` gets the chosen value, '' for all.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string;
  choices: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The wrapper's class (the toolbar's row). */
  className?: string;
}) {
  return (
    <span className={className}>
      <Select
        aria-label={label}
        value={value}
        onValueChange={onChange}
        options={[{ value: '', label: allLabel }, ...choices]}
      />
    </span>
  );
}
