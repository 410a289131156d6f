/**
 * A styled select: the native <select> (keyboard, screen readers and phones' own pickers work as they do
 * everywhere) drawn without the browser's look, with its own chevron and focus ring.
 */
import type { SelectHTMLAttributes } from 'react';
import s from './console.module.css';

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <span className={`${s.selectWrap}${className ? ` ${className}` : ''}`}>
      <select {...props} className={s.select} />
    </span>
  );
}
