import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { chooseOption } from './choose-option.ts';
import { addKebapcheta, openOrderForm, ORDER_OR_KEEP } from './order-form.ts';
import { sendFromSharedCart } from './table-order.ts';

startFromFreshDatabase();

// More ordering journeys (issue 5): card payment without login, a device blocked by staff, pickup with the venue
// picker, change table. Tuesday 12:00 in Sofia: the bistro is open.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const API_HEADERS = { client: 'demo', place: 'bistro' };

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function pickupForm(page: Page, payment: string) {
  const d = await openOrderForm(page, ORDER_OR_KEEP);
  await d.getByLabel('Вземане от място').check();
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  await d.getByLabel(payment, { exact: true }).check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  return d;
}

test('card_payment_requires_login: an anonymous guest paying online by card gets the login modal', async ({
  page,
}) => {
  await addKebapcheta(page);
  const d = await pickupForm(page, 'Онлайн с карта');
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
  await expect(
    page.getByText('За да платите онлайн трябва да сте влезли в акаунта си').first(),
  ).toBeVisible();
});

test('anon_user_banned: a device blocked by staff is refused with the §8 message', async ({
  page,
  request,
}) => {
  const device = `e2e-blocked-${Date.now()}`;
  await page.addInitScript((id) => localStorage.setItem('device_id', JSON.stringify(id)), device);
  const block = await request.post('/api/staff/devices/block', {
    headers: await apiHeaders(request, 'waiter'),
    data: { deviceId: device },
  });
  expect(block.ok()).toBe(true);
  await addKebapcheta(page);
  const d = await pickupForm(page, 'В брой');
  const answer = page.waitForResponse((r) => r.url().includes('/api/orders/preorder'));
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByTestId('order-error')).toHaveText('Не можете да правите повече поръчки.');
});

test('pickup with the venue picker: the chosen pickup place goes with the order', async ({ page }) => {
  await addKebapcheta(page);
  const places = (await (await page.request.get('/api/pickup-places', { headers: API_HEADERS })).json()) as {
    id: number;
    name: string;
  }[];
  expect(places.length).toBeGreaterThan(0);
  const d = await pickupForm(page, 'В брой');
  const picker = d.getByRole('radiogroup', { name: 'Обект за вземане' });
  await expect(picker.getByRole('radio')).toHaveCount(places.length);
  const chosen = places[places.length - 1]!;
  await picker.getByLabel(chosen.name).check();
  const request = page.waitForRequest((r) => r.url().includes('/api/orders/preorder'));
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  expect(((await request).postDataJSON() as { pickupPlaceId: number }).pickupPlaceId).toBe(chosen.id);
  await expect(
    page.getByText('Благодарим ви! Поръчката ще бъде готова за вземане след около 20 минути.'),
  ).toBeVisible();
});

test('promo preview: the discount shows in the breakdown; an unknown code is refused', async ({ page }) => {
  await addKebapcheta(page);
  const d = await pickupForm(page, 'В брой');
  await d.getByLabel('Промо код').fill('nope-code');
  await d.getByRole('button', { name: 'Приложи' }).click();
  await expect(d.getByText('Промо кодът е невалиден.')).toBeVisible();
  await d.getByLabel('Промо код').fill('welcome10');
  await d.getByRole('button', { name: 'Приложи' }).click();
  await expect(d.getByText('Код WELCOME10 е приложен.')).toBeVisible();
  await expect(d.getByTestId('promo-discount')).toBeVisible();
  // The first price shown (a second currency may follow): major and minor units.
  const [, major, minor] = /(\d+)[.,](\d{2})/.exec(await d.getByTestId('order-total').innerText())!;
  const shown = Number(major) * 100 + Number(minor);
  const answer = page.waitForResponse((r) => r.url().includes('/api/orders/preorder'));
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  // The answer's totalPrice is a decimal of the venue currency (issue 25 #1).
  expect(Math.round(((await (await answer).json()) as { totalPrice: number }).totalPrice * 100)).toBe(shown);
});

test('change table: the guest moves to another table and keeps the orders', async ({ page, request }) => {
  const adminHeaders = await apiHeaders(request);
  const put = (value: string) =>
    request.put('/api/admin/settings', { headers: adminHeaders, data: { show_change_table: value } });
  expect((await put('1')).ok()).toBe(true);
  try {
    await page.goto('/bistro/t/demo-t6');
    await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
    await addKebapcheta(page);
    await sendFromSharedCart(page);
    await expect(page.getByText('Успешно направена поръчка')).toBeVisible();
    await page.getByRole('button', { name: 'Виж моите поръчки' }).click();
    await expect(page.getByTestId('current-table')).toHaveText('Маса 6');
    await page.getByRole('button', { name: 'Смяна на маса' }).click();
    const modal = page.getByRole('dialog', { name: 'Смяна на маса' });
    await chooseOption(modal, 'Нова маса', /^9(\s|$)/);
    await modal.getByRole('button', { name: 'Премести' }).click();
    await expect(modal.getByText('Вече сте на маса 9.')).toBeVisible();
    await modal.getByRole('button', { name: 'Затвори' }).last().click();
    await expect(page.getByTestId('current-table')).toHaveText('Маса 9');
    await expect(page.getByTestId('session-order')).toHaveCount(1);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'user_order_token');
    expect(JSON.parse(decodeURIComponent(cookie!.value)) as { table: string }).toMatchObject({ table: '9' });
  } finally {
    await put('0');
  }
});
