/**
 * Quantity stepper (issue 21 #2): − value +, wherever the guest changes a quantity (the product sheet, the cart's
 * lines). A named group; its buttons name what they change ("Decrease X"), stop at `min` and `max` (disabled there,
 * so a tap cannot go past), and the value is a live <output> a screen reader reads out as it changes.
 */
import type { ReactNode } from 'react';
import s from './stepper.module.css';

export interface StepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The group's name: what is counted ("Quantity of X"). */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  /** Beside the buttons, inside the group (a "remove" button). */
  children?: ReactNode;
  className?: string;
}

export function Stepper({
  value,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  disabled,
  children,
  className,
}: StepperProps) {
  return (
    <div role="group" aria-label={label} className={className ? `${s.stepper} ${className}` : s.stepper}>
      <span className={s.control}>
        <button
          type="button"
          className={s.button}
          aria-label={decreaseLabel}
          disabled={disabled}
          aria-disabled={value <= min || undefined}
          onClick={() => {
            if (value > min) onChange(Math.max(min, value - 1));
          }}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className={s.value} aria-live="polite" aria-atomic="true">
          {value}
        </output>
        <button
          type="button"
          className={s.button}
          aria-label={increaseLabel}
          disabled={disabled}
          aria-disabled={value >= max || undefined}
          onClick={() => {
            if (value < max) onChange(Math.min(max, value + 1));
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </span>
      {children}
    </div>
  );
}
