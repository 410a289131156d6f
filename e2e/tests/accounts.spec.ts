/**
 * Accounts journeys in a real browser against the real server (fresh database with the demo seed): log in,
 * profile, edit, log out; register; forgotten password through the test outbox; wrong password in en and bg;
 * staff links in the account menu; failed sign-ins slow untrusted browsers down while the owner's own browser
 * signs in at once (issue "Security hardening" #8).
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

const API_HEADERS = { client: 'demo', place: 'bistro' };

async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).first().click();
  return page.getByRole('dialog', { name: 'Log in' });
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

/** The confirmation link of the newest registration mail to `email` (the test outbox). */
async function confirmLinkOf(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { tag?: string; text: string }[];
      link =
        /https?:\/\/\S+\/bistro\/confirm-email\?token=\S+/.exec(
          mails.find((m) => m.tag === 'confirm_email')?.text ?? '',
        )?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click();
}

test.describe('accounts', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    // The venue's welcome banner shows once per browser session; these journeys start past it.
    await skipWelcome(page);
  });

  test('guest logs in, sees name and points, edits the phone, logs out', async ({ page, request }) => {
    await page.goto('/bistro');
    await logIn(page, 'guest@demo.test', 'demo-guest');
    await expect(
      page.getByRole('status').filter({ hasText: 'You have logged in successfully.' }),
    ).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'auth_token')?.path).toBe('/');

    await accountMenu(page);
    await page.getByRole('link', { name: 'My profile' }).click();
    await expect(page).toHaveURL(/\/bistro\/profile$/);
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Елена');
    await expect(page.getByLabel('Last name')).toHaveValue('Димитрова');
    await expect(page.getByTestId('profile-points')).toHaveText('120');

    await page.getByLabel('Phone').fill('+359 888 765 432');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your profile has been updated.' }),
    ).toBeVisible();
    // The server kept it: a fresh login answers the new phone.
    const again = await request.post('/api/login', {
      headers: API_HEADERS,
      data: { email: 'guest@demo.test', password: 'demo-guest' },
    });
    expect((await again.json()).user.phone).toBe('+359 888 765 432');

    await page.getByRole('link', { name: 'See my orders' }).click();
    await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();

    await accountMenu(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/bistro$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You have logged out successfully.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'auth_token')).toBe(false);
  });

  test('a new guest registers, confirms from the mailed link and is logged in; a taken e-mail answers the same', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto('/bistro');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Register' }).click();
    const form = page.getByRole('dialog', { name: 'Register' });
    await form.getByRole('button', { name: 'Create profile' }).click();
    await expect(form.getByText('Please enter a valid name (3 to 40 symbols)').first()).toBeVisible();
    await expect(
      form.getByText('Please accept the terms and conditions and the privacy policy'),
    ).toBeVisible();
    await form.getByLabel('First name').fill('Ива');
    await form.getByLabel('Last name').fill('Стоянова');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone').fill('+359 887 111 222');
    await form.getByLabel('Password', { exact: true }).fill('a-good-password');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create profile' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'We have sent an e-mail to this address. Open the link in it to finish registering.',
    );
    await expect(page.getByRole('button', { name: 'Account: Ива Стоянова' })).toHaveCount(0);
    // The mailed link confirms the address and signs in.
    const link = new URL(await confirmLinkOf(request, email));
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your registration was successful.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'To the menu' }).click();
    await expect(page.getByRole('button', { name: 'Account: Ива Стоянова' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account: Ива Стоянова' })).toBeVisible();

    // Registering the existing guest's address in another browser: the same words, no account revealed.
    const other = await browser.newContext();
    try {
      await other.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
      await skipWelcome(other);
      const stranger = await other.newPage();
      await stranger.goto('/bistro');
      await (await openLogin(stranger)).getByRole('button', { name: 'Register' }).click();
      const again = stranger.getByRole('dialog', { name: 'Register' });
      await again.getByLabel('First name').fill('Ива');
      await again.getByLabel('Last name').fill('Стоянова');
      await again.getByLabel('E-mail').fill(email);
      await again.getByLabel('Phone').fill('+359 887 111 222');
      await again.getByLabel('Password', { exact: true }).fill('another-password');
      await again.getByRole('checkbox').check();
      await again.getByRole('button', { name: 'Create profile' }).click();
      await expect(again.getByRole('status')).toHaveText(
        'We have sent an e-mail to this address. Open the link in it to finish registering.',
      );
    } finally {
      await other.close();
    }
  });

  test('forgotten password: the e-mailed link sets a new password that logs in', async ({
    page,
    request,
  }) => {
    const email = `reset-${Date.now()}@example.com`;
    const created = await request.post('/api/register', {
      headers: API_HEADERS,
      data: {
        first_name: 'Нина',
        last_name: 'Колева',
        email,
        phone: '+359 887 333 444',
        password: 'old-password',
      },
    });
    expect(created.status()).toBe(202); // unconfirmed; the reset link confirms it too

    await page.goto('/bistro');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgotten password' });
    await forgot.getByLabel('E-mail').fill(email);
    await forgot.getByRole('button', { name: 'Send instructions' }).click();
    await expect(
      forgot.getByText('If a profile with this e-mail exists, we have sent password reset instructions.'),
    ).toBeVisible();

    let link = '';
    await expect
      .poll(async () => {
        const mails = (await (
          await request.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)
        ).json()) as {
          tag?: string;
          text: string;
        }[];
        link =
          /https?:\/\/\S+\/bistro\/reset-password\?token=\S+/.exec(
            mails.find((m) => m.tag === 'password_reset')?.text ?? '',
          )?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Please enter a valid password')).toBeVisible();
    await page.getByLabel('New password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(
      page.getByText('Your password has been changed. You can log in with the new password.'),
    ).toBeVisible();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('brand-new-password');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Account: Нина Колева' })).toBeVisible();

    // The link was single-use.
    await page.goto(url.pathname + url.search);
    await page.getByLabel('New password').fill('third-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toContainText('The password reset link is invalid or has expired.');
  });

  test('a wrong password shows login_fail in English and in Bulgarian', async ({ page, baseURL }) => {
    await page.goto('/bistro');
    let dialog = await openLogin(page);
    await dialog.getByLabel('E-mail').fill('guest@demo.test');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Login failed: Invalid credentials');

    await page.context().addCookies([{ name: 'language', value: 'bg', url: baseURL! }]);
    await page.goto('/bistro');
    await page.getByRole('button', { name: 'Вход' }).click();
    dialog = page.getByRole('dialog', { name: 'Вход' });
    await dialog.getByLabel('Имейл').fill('guest@demo.test');
    await dialog.getByLabel('Парола').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Вход' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Неуспешен вход: невалидни данни');
  });

  test("failed sign-ins slow other browsers down, in their language; the owner's browser signs in at once", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // A frozen server clock: the waits do not run out while the test types.
    expect((await request.put('/api/__test/clock', { data: { now: '2026-03-03T10:00:00.000Z' } })).ok()).toBe(
      true,
    );
    const email = `slow-${Date.now()}@example.com`;
    const created = await request.post('/api/register', {
      headers: API_HEADERS,
      data: {
        first_name: 'Вера',
        last_name: 'Петрова',
        email,
        phone: '+359 887 333 555',
        password: 'vera-password',
      },
    });
    expect(created.status()).toBe(202);
    // The owner confirms from the mailed link in this browser (signed in; the browser is now trusted for this
    // account), then logs out.
    const link = new URL(await confirmLinkOf(request, email));
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'To the menu' }).click();
    await accountMenu(page);
    await page.getByRole('button', { name: 'Log out' }).click();

    // Somebody else, in another browser and in German, guesses five times, then even the right password waits.
    const other = await browser.newContext();
    try {
      await other.addCookies([{ name: 'language', value: 'de', url: baseURL! }]);
      await skipWelcome(other);
      const guesser = await other.newPage();
      await guesser.goto('/bistro');
      await guesser.getByRole('button', { name: 'Anmelden' }).first().click();
      const dialog = guesser.getByRole('dialog', { name: 'Anmelden' });
      await dialog.getByLabel('E-Mail').fill(email);
      for (let i = 0; i < 5; i++) {
        await dialog.getByLabel('Passwort').fill(`guess-${i}`);
        await dialog.getByRole('button', { name: 'Anmelden' }).click();
        await expect(dialog.getByRole('alert')).toBeVisible();
      }
      await dialog.getByLabel('Passwort').fill('vera-password');
      await dialog.getByRole('button', { name: 'Anmelden' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 1 s erneut oder setzen Sie das Passwort zurück.',
      );
      await expect(guesser.getByRole('button', { name: /^Konto: / })).toHaveCount(0);
    } finally {
      await other.close();
    }

    // The owner's browser is not slowed by it.
    await logIn(page, email, 'vera-password');
    await expect(page.getByRole('button', { name: 'Account: Вера Петрова' })).toBeVisible();
    await request.delete('/api/__test/clock');
  });

  test('staff log in with the same form and find their screens in the account menu', async ({ page }) => {
    await page.goto('/bistro');
    await logIn(page, 'waiter@demo.test', 'demo-waiter');
    await accountMenu(page);
    await expect(page.getByRole('link', { name: 'Staff screen' })).toHaveAttribute('href', '/bistro/staff');
    await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Log out' }).click();

    await logIn(page, 'admin@demo.test', 'demo-admin');
    await accountMenu(page);
    await expect(page.getByRole('link', { name: 'Staff screen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });
});
