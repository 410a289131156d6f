/** Amounts are integers in minor units (cents, stotinki) everywhere; this is the only place that turns them into decimals. */
export type Minor = number;

/** Fixed euro conversion rate of the Bulgarian lev (spec §9). */
export const BGN_PER_EUR = 1.95583;

/** Rounds a fractional minor-unit value to a whole minor unit, half away from zero. */
export function roundMinor(value: number): Minor {
  return Math.sign(value) * Math.round(Math.abs(value));
}
