/**
 * Toggle chip (issue 21 #2): a small rounded button that is on or off (aria-pressed), for filters and tag-like
 * choices (the allergens a guest avoids). A button rather than a checkbox: a chip is one tap, read as "toggle button,
 * pressed", and a row of them wraps.
 */
import type { ReactNode } from 'react';
import s from './chip.module.css';

export interface ChipProps {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  children: ReactNode;
  /** A small picture before the text (decorative: the text names the chip). */
  icon?: ReactNode;
  disabled?: boolean;
}

export function Chip({ pressed, onPressedChange, children, icon, disabled }: ChipProps) {
  return (
    <button
      type="button"
      className={s.chip}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onPressedChange(!pressed)}
    >
      <span className={s.mark} aria-hidden="true" />
      {icon}
      <span className={s.text}>{children}</span>
    </button>
  );
}

/** A wrapping row of chips, named for what they choose. */
export function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className={s.group}>
      {children}
    </div>
  );
}
