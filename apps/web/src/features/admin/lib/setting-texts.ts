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
