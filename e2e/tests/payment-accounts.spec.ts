/**
 * Payment accounts through the admin's Payments screen (issue 16 #3): the admin enters the venue's ePay account with
 * a wrong secret — the test payment says the provider refused it and the account is not marked working — then the
 * right one: the screen shows only "set" and the last 4 characters, the test payment on the provider simulator is
 * accepted and the account shows as working. Axe finds nothing serious on the screen.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { expect, test } from '@playwright/test';
import { simulatorAccounts } from '../../apps/server/src/modules/payments/payments.config.ts';
import { seriousAxeViolations } from './axe.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { E2E_SIMULATOR_SECRET } from './simulator-secret.ts';

startFromFreshDatabase();

test.use({ bypassCSP: true });

test('the admin sets the ePay account, a wrong secret is refused, the right one passes the test payment', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The demo bistro's accounts at the simulator (the URL only shapes base addresses, unused here).
  const own = simulatorAccounts('demo/bistro', 'http://localhost', E2E_SIMULATOR_SECRET).epay;
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Плащания' })
    .click();
  await expect(page.getByRole('heading', { name: 'Сметки за плащане' })).toBeVisible();
  const epay = page.getByRole('region', { name: 'ePay.bg' });
  await expect(epay.getByTestId('payment-status-epay')).toHaveText('Не е настроена');

  // A wrong secret: saved, but the provider refuses the test payment and says why.
  await epay.getByLabel('Клиентски номер на търговеца (MIN)').fill(own.min);
  await epay.getByLabel('Таен ключ').fill('wrong-secret-0000');
  await epay.getByRole('button', { name: 'Запази' }).click();
  await expect(epay.getByText('Зададен: завършва на 0000.')).toBeVisible();
  await epay.getByRole('button', { name: 'Тестово плащане' }).click();
  await expect(epay.getByRole('alert')).toContainText(
    'Доставчикът отказа тестовото плащане от 0,02 €: Invalid CHECKSUM: the payment data was changed.',
  );
  await expect(epay.getByTestId('payment-status-epay')).toHaveText('Запазена, още не е тествана');

  // The right secret: only its last 4 characters come back; the test payment is accepted.
  await epay.getByLabel('Таен ключ').fill(own.secret);
  await epay.getByRole('button', { name: 'Запази' }).click();
  await expect(epay.getByText(`Зададен: завършва на ${own.secret.slice(-4)}.`)).toBeVisible();
  await expect(epay.getByLabel('Таен ключ')).toHaveValue('');
  expect(await page.content()).not.toContain(own.secret);
  await epay.getByRole('button', { name: 'Тестово плащане' }).click();
  await expect(epay.getByRole('status').filter({ hasText: 'Доставчикът прие' })).toContainText(
    'Доставчикът прие тестово плащане от 0,02 €: сметката работи.',
  );
  await expect(epay.getByTestId('payment-status-epay')).toContainText('Работи');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
