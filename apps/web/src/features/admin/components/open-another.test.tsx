/**
 * Issue 21 #4: the promo codes and printers pages open one item's form at a time; opening another item (or a new
 * one) while the open form has unsaved changes asks "Leave without saving?" as the menu's products and
 * categories do. Stay keeps what was typed; Leave opens the other item.
 */
import { describe, expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeAdminFetch } from '../../../test/admin-fetch.ts';
import { PrintersPage } from './printers-page.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const promo = (id: number, code: string) => ({
  id,
  code,
  discount_type: 'percent',
  discount_value: 10,
  ignore_other_discounts: 0,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  used_count: 0,
  eligible_product_ids: null,
  active: 1,
});
const printer = (id: number, name: string) => ({
  id,
  name,
  host: `10.0.0.${id}`,
  port: 9100,
  paper_width: 80,
  charset: 'cp866',
  category_ids: [],
  is_default: false,
  active: true,
  waiting: 0,
  problem: null,
  last_error: null,
});

const ANSWERS: [RegExp, unknown][] = [
  [/admin\/promo-codes$/, [promo(1, 'SPRING'), promo(2, 'SUMMER')]],
  [/admin\/printers$/, [printer(1, 'Kitchen'), printer(2, 'Bar')]],
  [/admin\/settings/, { settings: [], translations: [] }],
  [/admin\/categories/, []],
  [/./, []],
];

fakeAdminFetch(ANSWERS);

function renderPage(page: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {page}
      <ConfirmHost />
    </QueryClientProvider>,
  );
}

interface OneFormAtATime {
  page: string;
  render: () => ReactNode;
  /** A text on the list that shows it has loaded. */
  listed: string;
  formName: string;
  fieldLabel: string;
  typed: string;
  newButton: string;
}

const editButtons = () => screen.getAllByRole('button', { name: 'Edit' });
const fieldIn = (c: OneFormAtATime) =>
  within(screen.getByRole('form', { name: c.formName })).getByLabelText(c.fieldLabel, {
    exact: true,
  }) as HTMLInputElement;

async function answerLeaveDialog(
  user: ReturnType<typeof userEvent.setup>,
  button: 'Stay' | 'Leave without saving',
) {
  const leave = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
  await user.click(within(leave).getByRole('button', { name: button }));
}

describe('opening another item with unsaved changes', () => {
  test.each<OneFormAtATime>([
    {
      page: 'promo codes',
      render: () => <PromotionsPage />,
      listed: 'SPRING',
      formName: 'Promo code',
      fieldLabel: 'Code',
      typed: 'X',
      newButton: 'New promo code',
    },
    {
      page: 'printers',
      render: () => <PrintersPage />,
      listed: 'Kitchen',
      formName: 'Printer',
      fieldLabel: 'Name',
      typed: ' 2',
      newButton: 'Add printer',
    },
  ])('$page: asks before another item or a new one replaces the open form', async (c) => {
    renderPage(c.render());
    await screen.findByText(c.listed);
    const user = userEvent.setup();
    const [first, second] = editButtons();
    await user.click(first!);
    await screen.findByRole('form', { name: c.formName });
    const before = fieldIn(c).value;
    await user.type(fieldIn(c), c.typed);
    const changed = fieldIn(c).value;

    // Another item while dirty: asked; Stay keeps the open form with what was typed.
    await user.click(second!);
    await answerLeaveDialog(user, 'Stay');
    expect(screen.queryByRole('alertdialog', { name: 'Leave without saving?' })).toBeNull();
    expect(fieldIn(c).value).toBe(changed);

    // A new one while dirty: asked too.
    await user.click(screen.getByRole('button', { name: c.newButton }));
    await answerLeaveDialog(user, 'Stay');
    expect(fieldIn(c).value).toBe(changed);

    // Leave: the other item opens, what was typed is gone.
    await user.click(editButtons()[1]!);
    await answerLeaveDialog(user, 'Leave without saving');
    const other = fieldIn(c).value;
    expect(other).not.toBe(changed);
    expect(other).not.toBe(before);

    // Nothing typed in it: opening the first again is not asked.
    await user.click(editButtons()[0]!);
    expect(screen.queryByRole('alertdialog', { name: 'Leave without saving?' })).toBeNull();
    expect(fieldIn(c).value).toBe(before);
  });
});
