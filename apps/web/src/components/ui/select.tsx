/**
 * A styled select: the native <select> (keyboard, screen readers and phones' own pickers work as they do
 * everywhere) drawn without the browser's look, with its own chevron and focus ring. Every select of the guest,
 * staff and admin screens is this one (issue 21 #2); props (ref, react-hook-form's register()) go to the <select>,
 * `className` to its wrapper. Kept native rather than a headless listbox: see apps/web/README.md.
 */
import type { ComponentProps } from 'react';
import s from './console.module.css';

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <span className={`${s.selectWrap}${className ? ` ${className}` : ''}`}>
      <select {...props} className={s.select} />
    </span>
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
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** The wrapping label's class (the toolbar's row). */
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="visually-hidden">{label}</span>
      <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </label>
  );
}
