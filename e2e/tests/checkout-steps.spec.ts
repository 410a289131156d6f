/**
 * The order form in steps on a phone (issue 21 #3): how & when → your details → payment & confirm, with the step
 * indicator, Back / Next (real taps), the check of each step's own fields (the field in error takes the focus), the
 * total in a sticky footer on every step and the order type, time and payment as choice cards; the saved address as
 * a choice card, the cutlery sets on the stepper, the applied promo code as a chip (components/ui).
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta, fillDeliveryAddress, openOrderForm, ORDER_OR_KEEP } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00), the centre delivery shape is active.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const HEADERS = { client: 'demo', place: 'bistro' };

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

/** A rendered price ('26,60 € (52,02 лв.)') in minor units: its first amount, the venue currency's. */
function minorOf(text: string): number {
  const first = /\d[\d\s.,]*/.exec(text)?.[0] ?? '';
  return Number(first.replace(/[^\d]/g, ''));
}

/** Two portions of kebapcheta (over the bistro's minimal delivery order), the order form open. */
async function twoPortionsOrderForm(page: Page) {
  await addKebapcheta(page, 2);
  return openOrderForm(page, ORDER_OR_KEEP);
}

/** The footer's total is on screen (inside the phone's viewport), whatever the step's scroll. */
async function expectTotalInView(page: Page, d: Locator) {
  const total = d.getByTestId('order-footer-total');
  await expect(total).toBeVisible();
  const box = (await total.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  return (await total.innerText()).trim();
}

async function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      tag: el?.tagName,
      name: el?.name,
      invalid: el?.getAttribute('aria-invalid'),
      text: el?.textContent,
    };
  });
}

test('delivery in three steps: Next checks the step, the error is focused, Back keeps the answers, the total stays in view and is the server total', async ({
  page,
}) => {
  // A guest who kept an address on this phone (the profile's saved addresses, localStorage).
  const place = (await (await page.request.get('/api/place', { headers: HEADERS })).json()) as { id: number };
  await page.addInitScript(([key, book]) => localStorage.setItem(key, book), [
    'trapeza_user_addresses',
    JSON.stringify({
      [place.id]: [
        {
          id: 'home',
          label: 'Вкъщи',
          street: 'ул. Шипка',
          number: '5',
          floor: '2',
          apartment: '4',
          bell: 'Иванови',
          entrance: 'Б',
        },
      ],
    }),
  ] as const);
  const d = await twoPortionsOrderForm(page);
  const step = d.getByTestId('order-step');
  const steps = d.getByRole('list', { name: 'Стъпки на поръчката' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Как и кога');
  await expect(step).toHaveText(/Как и кога/);
  await expectTotalInView(page, d);
  // Nothing of the next steps yet.
  await expect(d.getByLabel('Име', { exact: true })).toHaveCount(0);
  await expect(d.getByRole('button', { name: /Изпрати поръчката/ })).toHaveCount(0);

  // Next without an order type: refused on this step, the type's radio focused and described by the error.
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(d.getByText('Моля изберете тип на поръчката')).toBeVisible();
  await expect(step).toHaveText(/Как и кога/);
  expect(await focusedName(page)).toMatchObject({ tag: 'INPUT', name: 'orderType', invalid: 'true' });

  // The order type is a card: a tap on its text chooses it.
  const types = d.getByRole('radiogroup', { name: 'Тип на поръчката' });
  await types.getByText('Доставка', { exact: true }).click();
  await expect(d.getByRole('radio', { name: 'Доставка' })).toBeChecked();
  await expect(d.getByRole('radiogroup', { name: 'Час на доставка' })).toBeVisible();
  await d.getByRole('button', { name: 'Напред' }).click();

  // Step 2: announced by its heading taking the focus.
  await expect(step).toHaveText(/Вашите данни/);
  await expect(step).toBeFocused();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Вашите данни');
  // Next with no name: the name field takes the focus, marked invalid.
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(step).toHaveText(/Вашите данни/);
  expect(await focusedName(page)).toMatchObject({ tag: 'INPUT', name: 'name', invalid: 'true' });
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  // The saved address is a choice card (components/ui): a tap fills the address fields, still editable.
  const savedAddresses = d.getByRole('radiogroup', { name: 'Запазени адреси' });
  await expect(savedAddresses.getByRole('radio')).toHaveCount(1);
  await savedAddresses.getByText('Вкъщи').click();
  await expect(savedAddresses.getByRole('radio', { name: /Вкъщи/ })).toBeChecked();
  await expect(savedAddresses).toContainText('ул. Шипка 5');
  await expect(d.getByLabel('Улица')).toHaveValue('ул. Шипка');
  await expect(d.getByLabel('Номер', { exact: true })).toHaveValue('5');
  await expect(d.getByLabel('Звънец')).toHaveValue('Иванови');
  await fillDeliveryAddress(d, 'Петров');
  // Scrolled down to the map, the total is still on screen.
  await expectTotalInView(page, d);
  await d.getByRole('button', { name: 'Напред' }).click();

  // Step 3; Back returns to the details with what was typed, Next comes back.
  await expect(step).toHaveText(/Плащане и потвърждение/);
  await d.getByRole('button', { name: 'Назад' }).click();
  await expect(step).toHaveText(/Вашите данни/);
  await expect(d.getByLabel('Име', { exact: true })).toHaveValue('Иван Петров');
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(step).toHaveText(/Плащане и потвърждение/);

  await d.getByRole('radiogroup', { name: 'Начин на плащане' }).getByText('В брой').click();
  // Cutlery: yes shows the number of sets on the quantity stepper (− 1 +, stops at one); each set is priced
  // (0,20 € at the bistro) into the footer's total.
  await d.getByText('Да, искам прибори').click();
  const sets = d.getByRole('group', { name: 'Брой прибори' });
  await expect(sets.locator('output')).toHaveText('1');
  await expect(sets.getByRole('button', { name: 'По-малко прибори' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const withOneSet = minorOf(await expectTotalInView(page, d));
  await sets.getByRole('button', { name: 'Повече прибори' }).click();
  await sets.getByRole('button', { name: 'Повече прибори' }).click();
  await expect(sets.locator('output')).toHaveText('3');
  await expect.poll(async () => minorOf(await expectTotalInView(page, d))).toBe(withOneSet + 40);
  await d.getByText('Не, без прибори').click();
  await expect(sets).toHaveCount(0);
  await d.getByLabel('Промо код').fill('welcome10');
  await d.getByRole('button', { name: 'Приложи' }).click();
  await expect(d.getByText('Код WELCOME10 е приложен.')).toBeVisible();
  // The applied code is a pressed chip; a tap takes it off (the field is back, no discount), and it goes on again.
  const chip = d.getByRole('button', { name: 'WELCOME10', pressed: true });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(d.getByText('Код WELCOME10 е приложен.')).toHaveCount(0);
  await expect(d.getByTestId('order-footer')).not.toContainText('с отстъпка');
  await d.getByRole('textbox', { name: 'Промо код' }).fill('welcome10');
  await d.getByRole('button', { name: 'Приложи' }).click();
  await expect(d.getByText('Код WELCOME10 е приложен.')).toBeVisible();
  // The footer says the total includes the discount, in both currencies, and is the breakdown's total.
  const footer = d.getByTestId('order-footer');
  await expect(footer).toContainText('с отстъпка');
  const shown = await expectTotalInView(page, d);
  expect(shown).toMatch(/^[\d,.\s]+ €\s*\([\d,.\s]+ лв\.\)$/);
  expect(minorOf(shown)).toBe(minorOf(await d.getByTestId('order-total').innerText()));

  // Send without the agreement: refused on this step, the checkbox focused.
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  expect(await focusedName(page)).toMatchObject({ tag: 'INPUT', invalid: 'true' });
  await expect(step).toHaveText(/Плащане и потвърждение/);
  await d.getByRole('checkbox').check();
  const answer = page.waitForResponse((r) => r.url().includes('/api/orders/delivery'));
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId('order-answer-total')).toBeVisible();
  expect(minorOf(await page.getByTestId('order-answer-total').innerText())).toBe(minorOf(shown));
});

test('pickup on a phone: Enter in a field goes to the next step instead of sending; Escape closes the form', async ({
  page,
}) => {
  const d = await twoPortionsOrderForm(page);
  const step = d.getByTestId('order-step');
  await d.getByRole('radiogroup', { name: 'Тип на поръчката' }).getByText('Вземане от място').click();
  await expect(d.getByRole('radiogroup', { name: 'Час', exact: true })).toBeVisible();
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(step).toHaveText(/Вашите данни/);
  // No address on a pickup.
  await expect(d.getByLabel('Улица')).toHaveCount(0);
  await d.getByLabel('Име', { exact: true }).fill('Мария');
  await d.getByLabel('Телефон').fill('+359 888 765 432');
  await d.getByLabel('Телефон').press('Enter');
  await expect(step).toHaveText(/Плащане и потвърждение/);
  await expect(page.getByTestId('order-answer-total')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Количка' })).toBeVisible();
});
