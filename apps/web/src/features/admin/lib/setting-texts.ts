/**
 * A venue setting's label and help in the console's language (issue 24: no raw keys, no English help in Bulgarian):
 * the admin texts' `settingTexts.<key>.label` / `.help`, which every key of the domain's settings catalogue has in
 * all five languages (setting-texts.test.ts fails otherwise). The catalogue's English description is the fallback
 * only for a stored key the texts do not know.
 */
type Translate = (key: string, options: { defaultValue: string }) => string;

export function settingTexts(
  t: Translate,
  row: { key: string; description: string },
): { label: string; help: string } {
  return {
    label: t(`settingTexts.${row.key}.label`, { defaultValue: row.key }),
    help: t(`settingTexts.${row.key}.help`, { defaultValue: row.description }),
  };
}

/**
 * The admin texts' key of a select or list option (issue 24: no English option labels in other languages): language
 * names, payment methods and order types have their texts elsewhere in the admin bundle already; every other enum
 * option is `settingOptions.<setting>.<value>`. setting-texts.test.ts fails when one is missing in a language.
 */
export function settingOptionKey(row: { key: string; type: string }, value: string): string {
  if (row.type === 'language') return `languages.${value}`;
  if (row.key === 'payment_types') return `orders.paymentMethods.${value}`;
  if (row.key === 'box_fee_order_types') return `orderTypes.${value}`;
  return `settingOptions.${row.key}.${value}`;
}

/** An option's label in the console's language; the catalogue's label only for an option the texts do not know. */
export function settingOptionLabel(
  t: Translate,
  row: { key: string; type: string },
  option: { value: string; label: string },
): string {
  return t(settingOptionKey(row, option.value), { defaultValue: option.label });
}
