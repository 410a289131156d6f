/**
 * Kitchen printing through the screens (issue "Kitchen and bar tickets"): the admin adds the kitchen printer and
 * an agent key in /admin → Printers; the print agent (`npm run print-agent`, a real process) runs with that key;
 * the printer is off, so a guest's order waits and the waiter's board shows the red printer alert; the printer
 * comes on (the test printer simulator: a TCP port that takes ESC/POS and answers status queries like a real one)
 * but is out of paper, so the agent does not send the ticket and the alert says "Няма хартия" (out of paper); the
 * paper is loaded, the ticket prints once and the alert goes. Then the waiter prints the order in the browser: the
 * 80 mm print layout, alone on the page.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser } from '@playwright/test';
import { PrinterSimulator } from '../../apps/server/test/printer-simulator.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta } from './order-form.ts';
import { sendFromSharedCart } from './table-order.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function guestOrdersAtTable3(browser: Browser) {
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(guest);
  await guest.goto('/bistro/t/demo-t3');
  await expect(guest).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await addKebapcheta(guest);
  // The table's shared cart (issue 19): the agreement, then "Order for the table".
  await sendFromSharedCart(guest);
  await expect(guest.getByText('Успешно направена поръчка')).toBeVisible();
  await context.close();
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let agent: ChildProcess | null = null;
let printer: PrinterSimulator | null = null;
const stateDir = mkdtempSync(join(tmpdir(), 'e2e-print-agent-'));
test.afterAll(() => {
  agent?.kill('SIGTERM');
  void printer?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

test.beforeEach(async ({ request }) => {
  expect((await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } })).ok()).toBe(true);
});

test('a waiting ticket shows the printer alert until the printer is on; the order prints in the browser on 80 mm', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const printerPort = await freePort();

  // The admin adds the kitchen printer (default, so everything prints there) and a key for the agent.
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Принтери' })
    .click();
  await page.getByRole('button', { name: 'Добави принтер' }).click();
  const form = page.getByRole('form', { name: 'Принтер' });
  await form.getByLabel('Име', { exact: true }).fill('Кухня');
  await form.getByLabel(/^Хост/).fill('127.0.0.1');
  await form.getByLabel('Порт', { exact: true }).fill(String(printerPort));
  await form.getByLabel(/^Принтер по подразбиране/).check();
  await form.getByRole('button', { name: 'Запази' }).click();
  await expect(page.getByRole('cell', { name: `127.0.0.1:${printerPort}` })).toBeVisible();
  await page
    .getByRole('region', { name: 'Ключове за агента за печат' })
    .getByLabel('Име')
    .fill('Кухненски компютър');
  await page.getByRole('button', { name: 'Създай ключ' }).click();
  const key = (await page.getByTestId('agent-key').textContent())!.trim();
  expect(key).toMatch(/^tpa_/);

  // The agent at the venue, as the admin screen says to start it.
  agent = spawn(
    process.execPath,
    [
      'apps/server/src/modules/printing/agent/cli.ts',
      '--server',
      baseURL!,
      '--key',
      key,
      '--state',
      stateDir,
      '--timeout',
      '1000',
    ],
    { cwd: REPO_ROOT, stdio: 'ignore' },
  );

  // The waiter's board; a guest orders while the printer is off.
  const waiter = await browser.newPage();
  await waiter.goto('/bistro/staff');
  await waiter.getByLabel('Имейл').fill('waiter@demo.test');
  await waiter.getByLabel('Парола').fill('demo-waiter');
  await waiter.getByRole('button', { name: 'Вход' }).click();
  await expect(waiter.getByText('На живо')).toBeVisible({ timeout: 15_000 });
  await expect(waiter.getByTestId('printer-alert')).toHaveCount(0);
  await guestOrdersAtTable3(browser);
  const card = waiter.locator('article[data-order-key]').filter({ hasText: 'Маса 3' });
  await expect(card).toHaveCount(1, { timeout: 10_000 });
  const alert = waiter.getByTestId('printer-alert');
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('Проблем с принтера: 1 чакащ бон');
  await expect(alert).toContainText('Кухня');

  // The printer comes on without paper: its status (DLE EOT) says so, the agent keeps the ticket and the alert says
  // why in words.
  printer = new PrinterSimulator();
  printer.port = printerPort;
  printer.paperOut = true;
  await printer.start();
  await expect(alert).toContainText('Няма хартия', { timeout: 45_000 });
  await expect(alert).toContainText('Проблем с принтера: 1 чакащ бон');
  expect(printer.tickets).toHaveLength(0);
  expect(printer.lost).toHaveLength(0);

  // Paper loaded: the ticket prints once (Cyrillic in CP866) and the alert goes.
  printer.paperOut = false;
  const text = () => printer!.tickets.map((t) => t.lines.map((l) => l.text).join('\n')).join('\n---\n');
  await expect.poll(text, { timeout: 30_000 }).toContain('Кебапчета');
  expect(text()).toContain('Маса 3');
  await expect(alert).toHaveCount(0, { timeout: 15_000 });
  expect(printer.tickets).toHaveLength(1);
  expect(printer.tickets[0]!.codepage).toBe('ibm866');

  // Browser printing: the same ticket, 80 mm wide, the only thing on the printed page.
  await waiter.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await card.getByRole('button', { name: 'Печат от браузъра' }).click();
  await expect.poll(() => waiter.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const sheet = waiter.getByTestId('print-sheet');
  await expect(sheet).toBeHidden();
  await waiter.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Кебапчета');
  await expect(sheet).toContainText('Маса 3');
  const box = (await sheet.boundingBox())!;
  // 80 mm at 96 px per inch.
  expect(Math.abs(box.width - (80 / 25.4) * 96)).toBeLessThan(2);
  await expect(waiter.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeHidden();
  await waiter.emulateMedia({ media: 'screen' });
});
