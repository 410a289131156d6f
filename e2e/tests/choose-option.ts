/**
 * The app's selects are Radix comboboxes (apps/web/src/components/ui/select.tsx), not native <select>s: a user
 * taps the trigger, then the option in the list that opens. `combobox` is the trigger's accessible name (its label)
 * within `scope`, or the trigger itself; `option` is the option's text (a string matches the whole text).
 */
import { expect, type Locator, type Page } from '@playwright/test';

function trigger(scope: Page | Locator, combobox: string | RegExp | Locator): Locator {
  return typeof combobox === 'string' || combobox instanceof RegExp
    ? scope.getByRole('combobox', { name: combobox })
    : combobox;
}

/** The list of an open select (one is open at a time). */
function openList(scope: Page | Locator): Locator {
  return ('page' in scope ? scope.page() : scope).getByRole('listbox');
}

export async function chooseOption(
  scope: Page | Locator,
  combobox: string | RegExp | Locator,
  option: string | RegExp,
): Promise<void> {
  await trigger(scope, combobox).click();
  const list = openList(scope);
  await list.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(list).toBeHidden();
}

/** The options' texts of a select, read by opening its list (closed again with Escape). */
export async function optionTexts(
  scope: Page | Locator,
  combobox: string | RegExp | Locator,
): Promise<string[]> {
  const t = trigger(scope, combobox);
  await t.click();
  const list = openList(scope);
  await expect(list).toBeVisible();
  const texts = (await list.getByRole('option').allInnerTexts()).map((s) => s.trim());
  await t.page().keyboard.press('Escape');
  await expect(list).toBeHidden();
  return texts;
}
