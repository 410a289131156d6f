/**
 * Issue 21 #2 and #4 on the promo codes page: the eligible products are checkbox cards in one named group ("every
 * product" first), a save says so in a toast, and a code or an nth-order discount is deleted only after the
 * confirm dialog's yes. The validity bounds are date-and-time fields (not native datetime-local inputs) that send
 * the same instants as before, and an end before the start is said under the end field.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { ToastRegion } from '../../../components/ui/toast.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeAdminFetch } from '../../../test/admin-fetch.ts';
import { PromotionsPage } from './promotions-page.tsx';

const spring = {
  id: 1,
  code: 'SPRING',
  discount_type: 'percent',
  discount_value: 10,
  ignore_other_discounts: 0,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  used_count: 0,
  eligible_product_ids: null,
  active: 1,
};
const product = (id: number, name: string) => ({ id, name, product_variants: [] });

/** The promo codes GET answers: the same array, refilled by a test that needs other codes. */
const promos: unknown[] = [spring];
const ANSWERS: [RegExp, unknown][] = [
  [/admin\/promo-codes$/, promos],
  [
    /admin\/user-discounts$/,
    [{ id: 5, on_order_number: 3, discount_type: 'percent', discount_amount: 10, active: 1 }],
  ],
  [/admin\/products$/, [product(11, 'Баница'), product(12, 'Айрян')]],
  [/admin\/settings/, { settings: [], translations: [] }],
  [/./, {}],
];

const { writes } = fakeAdminFetch(ANSWERS);
beforeEach(() => void promos.splice(0, promos.length, spring));

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PromotionsPage />
      <ConfirmHost />
      <ToastRegion label="Notifications" closeLabel="Close" />
    </QueryClientProvider>,
  );
}

describe('Promotions page on the shared components', () => {
  test('eligible products are checkbox cards in one group; the save sends them and says "Saved"', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Promo code' });
    const eligible = within(form).getByRole('group', { name: 'Eligible products' });
    const every = within(eligible).getByRole<HTMLInputElement>('checkbox', { name: 'Every product' });
    expect(every.checked).toBe(true);
    expect(within(eligible).queryByRole('checkbox', { name: 'Баница' })).toBeNull();
    await user.click(every);
    await user.click(await within(eligible).findByRole('checkbox', { name: 'Айрян' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]).toMatchObject({ body: { eligible_product_ids: [12] } });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  test('a promo code is deleted only after the dialog says yes, then "Deleted"', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Promo code' });
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete “SPRING”' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(writes('DELETE')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0]!.path).toMatch(/admin\/promo-codes\/1$/);
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  test('an nth-order discount is deleted only after the dialog says yes', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Order no. 3' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(writes('DELETE')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0]!.path).toMatch(/admin\/user-discounts\/5$/);
  });

  test('validity: date-and-time fields (no native input) send the stored instants unchanged', async () => {
    const from = new Date(2026, 11, 1, 9, 30).toISOString();
    const to = new Date(2026, 11, 31, 20, 0).toISOString();
    promos.splice(0, promos.length, { ...spring, valid_from: from, valid_to: to });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Promo code' });
    expect(form.querySelector('input[type="datetime-local"]:not([tabindex="-1"])')).toBeNull();
    const toYear = within(form).getByRole('spinbutton', { name: /^year,\s+Valid until$/ });
    expect(toYear.getAttribute('aria-valuenow')).toBe('2026');
    expect(
      within(form)
        .getByRole('spinbutton', { name: /^hour,\s+Valid from$/ })
        .getAttribute('aria-valuenow'),
    ).toBe('9');
    // Unchanged: the same instants go back.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]).toMatchObject({ body: { valid_from: from, valid_to: to } });
  });

  test('an end before the start: said under "Valid until", tied to it, and the save waits', async () => {
    promos.splice(0, promos.length, {
      ...spring,
      valid_from: new Date(2026, 11, 1, 9, 30).toISOString(),
      valid_to: new Date(2026, 11, 31, 20, 0).toISOString(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Promo code' });
    expect(within(form).queryByText('The end must be after the start.')).toBeNull();
    const toYear = within(form).getByRole('spinbutton', { name: /^year,\s+Valid until$/ });
    toYear.focus();
    await user.keyboard('{ArrowDown}');
    const message = within(form).getByText('The end must be after the start.');
    expect(toYear.getAttribute('aria-invalid')).toBe('true');
    expect((toYear.getAttribute('aria-describedby') ?? '').split(' ')).toContain(message.id);
    const fromYear = within(form).getByRole('spinbutton', { name: /^year,\s+Valid from$/ });
    expect(fromYear.getAttribute('aria-invalid')).toBeNull();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(form).queryByText('The end must be after the start.')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]).toMatchObject({
      body: { valid_to: new Date(2027, 11, 31, 20, 0).toISOString() },
    });
  });
});
