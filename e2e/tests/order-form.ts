/**
 * The guest's way to the order form in the ordering and payment journeys: the kebapcheta in the cart (5 pieces, the
 * first add-on), the cart's "Order", past the suggestions when the venue shows any, to the order dialog; then the
 * guest's details, a delivery address in the centre zone, and the consents. A journey about one of these steps takes
 * it itself.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Puts the kebapcheta (5 pieces, the first add-on) in the cart `times` times, from its page at `base`. */
export async function addKebapcheta(page: Page, times = 1, base = ''): Promise<void> {
  await page.goto(`${base}/bistro/skara/kebapcheta`);
  await page.getByLabel('5 бр.').check();
  await page.getByRole('checkbox').first().check();
  for (let i = 0; i < times; i++)
    await page.getByRole('button', { name: 'Добави в количката' }).first().click();
}

/** The cart's order button whether the venue takes the order now ("Поръчай") or keeps it for later (closed now). */
export const ORDER_OR_KEEP = /^(Поръчай|Запази за поръчка)$/;

/**
 * Opens the cart and its order form (past the suggestions, when shown); answers the order dialog, its form shown.
 * `orderButton`: the cart's button tapped, "Поръчай" unless told (ORDER_OR_KEEP where either will do).
 */
export async function openOrderForm(page: Page, orderButton: RegExp = /^Поръчай$/): Promise<Locator> {
  await page.getByTestId('cart-button').click();
  await page.getByRole('button', { name: orderButton }).click();
  await expect(page.getByRole('heading', { name: /^(Поръчка|Защо не опитате и)$/ })).toBeVisible();
  const upsell = page.getByRole('button', { name: 'Продължи към поръчката' });
  if (await upsell.isVisible()) await upsell.click();
  await expect(page.getByRole('heading', { name: 'Поръчка' })).toBeVisible();
  return page.getByRole('dialog', { name: 'Поръчка' });
}

/** The guest's name and phone in the order form. */
export async function fillContact(d: Locator): Promise<void> {
  await d.getByLabel('Име', { exact: true }).fill('Елена Димитрова');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
}

/** A delivery address with its pin in the bistro's centre zone (the form confirms the zone); `bell`: the name on it. */
export async function fillDeliveryAddress(d: Locator, bell = 'Димитрова'): Promise<void> {
  await d.getByLabel('Улица').fill('ул. Граф Игнатиев');
  await d.getByLabel('Номер', { exact: true }).fill('12');
  await d.getByLabel('Вход', { exact: true }).fill('А');
  await d.getByLabel('Етаж').fill('3');
  await d.getByLabel('Апартамент').fill('7');
  await d.getByLabel('Звънец').fill(bell);
  await d.getByTestId('map-picker').click();
  await expect(d.getByTestId('delivery-zone')).toContainText('Адресът е в зоната за доставка');
}

/** No cutlery (when the form asks) and every consent box still unticked ticked. */
export async function acceptAll(d: Locator): Promise<void> {
  const noCutlery = d.getByLabel('Не, без прибори');
  if (await noCutlery.isVisible()) await noCutlery.check();
  for (const box of await d.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
}
