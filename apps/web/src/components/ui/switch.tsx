/**
 * An on/off switch (issue 21 #2) for a setting that takes effect at once, such as a product's stock in a list: a
 * real checkbox with role="switch" (screen readers say "on" / "off", Space toggles, forms see a checkbox) drawn as a
 * track and thumb by the project's CSS, inside its label so a tap on the text toggles too. `label` is the visible
 * text; an `aria-label` names it more fully where the row says which item it is.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import s from './switch.module.css';

export interface SwitchProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'children'
> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Switch({ label, className, ref, ...input }: SwitchProps) {
  return (
    <label
      className={`${s.switch}${className ? ` ${className}` : ''}`}
      data-disabled={input.disabled || undefined}
    >
      <input {...input} ref={ref} type="checkbox" role="switch" className={s.input} />
      <span className={s.label}>{label}</span>
    </label>
  );
}
