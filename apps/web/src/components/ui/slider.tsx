/**
 * A labelled slider (issue 21 #2) on Radix's primitive with the project's CSS: the thumb is the focusable
 * role="slider" named by the visible label, moved by pointer or keyboard (arrows one step, Page Up/Down ten, Home and
 * End the ends), with a visible focus ring and the value said as `valueText` (e.g. "1.5×").
 */
import { useId } from 'react';
import * as RadixSlider from '@radix-ui/react-slider';
import s from './slider.module.css';

export interface SliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  /** how the value is shown next to the label and said by screen readers */
  valueText?: string;
}

export function Slider({ label, value, onChange, min, max, step = 1, valueText }: SliderProps) {
  const id = useId();
  const text = valueText ?? String(value);
  return (
    <div className={s.slider}>
      <div className={s.head}>
        <span id={`${id}-label`} className={s.label}>
          {label}
        </span>
        <output className={s.value} aria-hidden="true">
          {text}
        </output>
      </div>
      <RadixSlider.Root
        className={s.root}
        value={[value]}
        min={min}
        max={max}
        step={step}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
      >
        <RadixSlider.Track className={s.track}>
          <RadixSlider.Range className={s.range} />
        </RadixSlider.Track>
        <RadixSlider.Thumb className={s.thumb} aria-labelledby={`${id}-label`} aria-valuetext={text} />
      </RadixSlider.Root>
    </div>
  );
}
