/**
 * Radio and checkbox "choice cards" (issue 21 #2): a real <input> inside its <label>, drawn as a card with its own
 * indicator, so a tap anywhere on the card chooses, the browser keeps the keyboard (Tab to the group, arrows within
 * a radio group, Space toggles a checkbox), forms and screen readers see ordinary radios and checkboxes, and
 * react-hook-form's register() can be spread on a card like on an input.
 *
 * `ChoiceCardGroup` is the group's <fieldset> with its legend, hint and error (tied to the group by
 * aria-describedby); it gives its cards their type and name, and, when `value` / `onValueChange` are given, makes a
 * radio group controlled. A card may stand alone (an agreement checkbox) with `type` set on it.
 */
import {
  createContext,
  useContext,
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import s from './choice-card.module.css';

type ChoiceType = 'radio' | 'checkbox';

interface GroupContext {
  type: ChoiceType;
  name?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
  dense: boolean;
  pill: boolean;
}

const ChoiceGroupContext = createContext<GroupContext | null>(null);

export interface ChoiceCardGroupProps {
  /** The question the cards answer, the fieldset's legend. */
  legend: ReactNode;
  /** radio: one of; checkbox: any of. */
  type?: ChoiceType;
  /** The inputs' name (react-hook-form's register() on each card sets it too). */
  name?: string;
  /** Controlled radio group: the chosen value … */
  value?: string;
  /** … and the choice's handler. */
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  /** The problem with the choice, shown under the cards and announced with the group. */
  error?: ReactNode;
  /** Legend only for screen readers (the screen shows the question elsewhere). */
  hideLegend?: boolean;
  /**
   * list: one card per row; grid: cards side by side where they fit (short labels such as order types); pills: a
   * wrapping row of compact rounded chips (a booking's free hours), each still a real radio or checkbox, a 44 px
   * target, drawn filled with a tick when chosen instead of the card's indicator.
   */
  layout?: 'list' | 'grid' | 'pills';
  /** Smaller cards for the consoles' long lists (a product's categories, allergens, related products). */
  dense?: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}

export function ChoiceCardGroup({
  legend,
  type = 'radio',
  name,
  value,
  onValueChange,
  hint,
  error,
  hideLegend,
  layout = 'list',
  dense = false,
  id,
  className,
  children,
}: ChoiceCardGroupProps) {
  const auto = useId();
  const base = id ?? auto;
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      id={id}
      className={`${s.group}${className ? ` ${className}` : ''}`}
      role={type === 'radio' ? 'radiogroup' : undefined}
      aria-describedby={describedBy}
    >
      <legend className={hideLegend ? 'visually-hidden' : s.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      )}
      <ChoiceGroupContext
        value={{
          type,
          name,
          value,
          onValueChange,
          invalid: Boolean(error),
          describedBy: errorId,
          dense,
          pill: layout === 'pills',
        }}
      >
        <div className={s[layout]}>{children}</div>
      </ChoiceGroupContext>
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface ChoiceCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** The card's main text. */
  label: ReactNode;
  /** A second, quieter line (an address, a time). */
  description?: ReactNode;
  /** Right-hand detail, e.g. a price. */
  aside?: ReactNode;
  /** Needed only outside a ChoiceCardGroup. */
  type?: ChoiceType;
  ref?: Ref<HTMLInputElement>;
  /** Marks the card invalid outside a group (an agreement not ticked). */
  invalid?: boolean;
  /**
   * Not choosable yet (the server-rendered page before the app is live): the input refuses taps like a disabled one,
   * but the card is drawn at full strength, so a guest on a slow phone never reads dimmed, low-contrast text (a dimmed
   * card is 3.6:1) for the seconds before hydration. `disabled` is for a choice that is really unavailable.
   */
  pending?: boolean;
  /** A smaller card (a console's on/off setting); a dense group's cards are dense anyway. */
  dense?: boolean;
}

export function ChoiceCard({
  label,
  description,
  aside,
  type,
  ref,
  invalid,
  pending,
  dense,
  className,
  value,
  onChange,
  ...input
}: ChoiceCardProps) {
  const group = useContext(ChoiceGroupContext);
  const kind = type ?? group?.type ?? 'checkbox';
  const controlled = group?.onValueChange !== undefined && kind === 'radio' && value !== undefined;
  const bad = invalid ?? group?.invalid ?? false;
  const describedBy =
    [input['aria-describedby'], bad ? group?.describedBy : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <label
      className={`${s.card}${className ? ` ${className}` : ''}`}
      data-invalid={bad || undefined}
      data-disabled={input.disabled || undefined}
      data-pending={(pending && !input.disabled) || undefined}
      data-dense={(dense ?? group?.dense) || undefined}
      data-pill={group?.pill || undefined}
    >
      <input
        {...input}
        disabled={input.disabled || pending}
        ref={ref}
        type={kind}
        name={input.name ?? group?.name}
        value={value}
        className={kind === 'radio' ? `${s.input} ${s.radio}` : `${s.input} ${s.checkbox}`}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy}
        {...(controlled ? { checked: group.value === String(value) } : {})}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          onChange?.(e);
          if (controlled && e.target.checked) group.onValueChange?.(String(value));
        }}
      />
      <span className={s.text}>
        <span className={s.label}>{label}</span>
        {description != null && <span className={s.description}>{description}</span>}
      </span>
      {aside != null && <span className={s.aside}>{aside}</span>}
    </label>
  );
}
