import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
  inDialog: string | null;
}

/** What has the focus: its accessible-ish name, whether a focus ring shows, and the name of the dialog around it. */
async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // A ring on the element, or on the card around it (a card's link rings the whole card through :focus-within).
    const ringed = (node: Element) => {
      const s = getComputedStyle(node);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    };
    let ring = ringed(el) || getComputedStyle(el).boxShadow !== 'none';
    for (let up = el.parentElement, i = 0; !ring && up && i < 4; up = up.parentElement, i++)
      ring = ringed(up);
    const label = (el.getAttribute('aria-label') ?? '').trim();
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const dialog = el.closest('dialog, [role="dialog"]');
    let dialogName: string | null = null;
    if (dialog) {
      const by = dialog.getAttribute('aria-labelledby');
      dialogName = (
        dialog.getAttribute('aria-label') ?? (by ? (document.getElementById(by)?.textContent ?? '') : '')
      ).trim();
    }
    return {
      tag: el.tagName.toLowerCase(),
      name: (label || labelled || el.textContent || (el as HTMLInputElement).value || '')
        .trim()
        .replace(/\s+/g, ' '),
      visible: ring,
      inDialog: dialog ? dialogName : null,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; every stop on the way shows a focus ring. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 80 } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (f) {
      seen.push(`${f.tag}:${f.name.slice(0, 30)}`);
      expect(f.visible, `focus ring on ${f.tag} "${f.name}"`).toBe(true);
      if (name.test(f.name)) return f;
    }
  }
  throw new Error(`never reached ${name} by ${back ? 'Shift+Tab' : 'Tab'}; stops: ${seen.join(' | ')}`);
}

test('keyboard only: table entry, a product with a size and an extra, cart, order sent, call the waiter', async ({
  page,
}) => {
  // Table entry: the QR code's address.
  await page.goto('/bistro/t/demo-t2');
  await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // To the grill category, then the kebapcheta, by Tab and Enter.
  await tabTo(page, /^Храна/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bistro\/[a-z-]+$/);
  await expect(page.getByRole('link', { name: 'Основни ястия' })).toBeVisible();
  await tabTo(page, /^Основни ястия/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bistro\/osnovni$/);
  await expect(page.getByRole('link', { name: 'Скара' })).toBeVisible();
  await tabTo(page, /^Скара/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bistro\/skara$/);
  await expect(page.getByRole('link', { name: 'Кебапчета', exact: true })).toBeVisible();
  await tabTo(page, /^Кебапчета$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bistro\/skara\/kebapcheta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Кебапчета' })).toBeVisible();
  // The focus moved to the new page's heading, not left on a link that is gone (then it would be the body).
  await expect.poll(async () => (await focused(page))?.tag).toBe('h1');
  expect((await focused(page))?.name).toBe('Кебапчета');

  // The size by arrows inside its radio group, an extra by Space.
  const first = await tabTo(page, /бр\./);
  expect(first.tag, first.name).toBe('input');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('5 бр.')).toBeChecked();
  const extra = await tabTo(page, /^Лютеница/);
  expect(extra.tag).toBe('input');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /^Лютеница/ })).toBeChecked();
  await tabTo(page, /^Добави в количката$/);
  await page.keyboard.press('Enter');
  // A live region announces what went into the cart.
  await expect(
    page.getByRole('status').filter({ hasText: 'Добавено в количката: 1 x Кебапчета - /5 бр./' }),
  ).toBeVisible();

  // The cart: a named dialog takes the focus; Tab stays inside; Escape closes and gives the focus back.
  const opener = await tabTo(page, /^Количка:/, { back: true, max: 120 });
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Количка' });
  await expect(cart).toBeVisible();
  let f = await focused(page);
  expect(f?.inDialog).toBeTruthy();
  // The page behind the modal dialog is inert, and Tab goes round the dialog's own controls: never out to the
  // page or to the browser's controls. Round once forward to the first stop again, then once backward.
  const firstStop = f!.name;
  const round: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    f = await focused(page);
    expect(f, `Tab ${i} keeps the focus in the page`).not.toBeNull();
    expect(f!.inDialog, `Tab ${i} stays in the cart, not on "${f!.name}"`).toBe('Количка');
    expect(f!.visible, `focus ring on ${f!.name}`).toBe(true);
    if (f!.name === firstStop) break;
    round.push(f!.name);
  }
  expect(f!.name, `Tab came round to "${firstStop}" after ${round.join(' | ')}`).toBe(firstStop);
  await page.keyboard.press('Shift+Tab');
  f = await focused(page);
  expect(f?.inDialog, 'Shift+Tab from the first stop goes to the last').toBe('Количка');
  expect(f?.name).toBe(round[round.length - 1] ?? firstStop);
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  // The dialog hands the focus back in the next task (Radix's focus scope), not in the same one as it closes.
  await expect.poll(async () => (await focused(page))?.name).toBe(opener.name);

  // Again, and this time order for the table.
  await page.keyboard.press('Enter');
  await expect(cart).toBeVisible();
  await tabTo(page, /Съгласен|Приемам|услови/i);
  await page.keyboard.press('Space');
  await tabTo(page, /^Поръчай за масата$/);
  await page.keyboard.press('Enter');
  // Announced (a status region), and the focus goes to the answer's next step instead of the page body.
  await expect(page.getByRole('status').filter({ hasText: 'Успешно направена поръчка' })).toBeVisible();
  f = await focused(page);
  expect(f, 'focus is not lost after sending').toMatchObject({
    name: 'Виж моите поръчки',
    inDialog: 'Количка',
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Call the waiter from the table bar.
  const call = await tabTo(page, /^Повикай сервитьор$/, { max: 120 });
  await page.keyboard.press('Enter');
  const waiter = page.getByRole('dialog', { name: 'Повикай сервитьор' });
  await expect(waiter).toBeVisible();
  expect((await focused(page))?.inDialog).toBe('Повикай сервитьор');
  await tabTo(page, /^Още салфетки$/);
  await page.keyboard.press('Enter');
  await expect(waiter.getByRole('status').filter({ hasText: 'Сервитьорът е уведомен.' })).toBeVisible();
  expect((await focused(page))?.inDialog).toBe('Повикай сервитьор');
  await page.keyboard.press('Escape');
  await expect(waiter).toBeHidden();
  await expect.poll(async () => (await focused(page))?.name).toBe(call.name);
});

test('keyboard only: an order the venue refuses is announced as an alert and the focus stays in the cart', async ({
  page,
}) => {
  await page.goto('/bistro/t/demo-t4');
  await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await page.goto('/bistro/skara/kebapcheta');
  await expect(page.getByRole('heading', { level: 1, name: 'Кебапчета' })).toBeVisible();
  await tabTo(page, /^3 бр\./);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('5 бр.')).toBeChecked();
  await tabTo(page, /^Добави в количката$/);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Добавено в количката: 1 x Кебапчета - /5 бр./' }),
  ).toBeVisible();
  await tabTo(page, /^Количка:/, { back: true, max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Количка' })).toBeVisible();
  await expect(page.getByTestId('party-line').first()).toBeVisible();
  await tabTo(page, /Съгласен|Приемам|услови/i);
  await page.keyboard.press('Space');
  await tabTo(page, /^Поръчай за масата$/);
  // The venue closes (server clock on a Monday) while the guest is at the cart.
  const res = await page.request.put('/api/__test/clock', { data: { now: '2026-03-02T10:00:00.000Z' } });
  expect(res.ok()).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'В момента не приемаме поръчки' })).toBeVisible();
  const f = await focused(page);
  expect(f?.inDialog, 'focus stays in the cart after the error').toBe('Количка');
});
