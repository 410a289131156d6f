/**
 * Issue 21 #2 on the printers page: the printer's switches and the categories it prints are checkbox cards (the
 * categories one named group, a subcategory's card indented under its parent), and the save sends what was ticked.
 */
import { describe, expect, test } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeAdminFetch } from '../../../test/admin-fetch.ts';
import { PrintersPage } from './printers-page.tsx';

const category = (id: number, name: string, children: unknown[] = []) => ({ id, name, children });
const ANSWERS: [RegExp, unknown][] = [
  [/admin\/printers$/, []],
  [/admin\/categories/, [category(1, 'Food', [category(2, 'Grill')]), category(3, 'Drinks')]],
  [/./, []],
];

const { writes } = fakeAdminFetch(ANSWERS, { writeAnswer: { id: 9 } });

describe('Printers page on the shared checkbox cards', () => {
  test('default / active and the printed categories are cards; the save sends them', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PrintersPage />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add printer' }));
    const form = screen.getByRole('form', { name: 'Printer' });
    await user.type(within(form).getByLabelText('Name', { exact: true }), 'Kitchen');
    await user.type(within(form).getByLabelText(/^Host/), '10.0.0.5');
    const isDefault = within(form).getByRole('checkbox', { name: /^Default printer/ });
    expect(isDefault.closest('label')?.dataset.dense).toBe('true');
    await user.click(isDefault);
    const printed = within(form).getByRole('group', { name: 'Categories printed here' });
    const grill = await within(printed).findByRole('checkbox', { name: 'Grill' });
    // The subcategory's card sits under its parent, indented; the top-level ones are not.
    expect(grill.closest('label')!.className).toMatch(/depth1/);
    expect(within(printed).getByRole('checkbox', { name: 'Food' }).closest('label')!.className).not.toMatch(
      /depth/,
    );
    await user.click(grill);
    await user.click(within(printed).getByRole('checkbox', { name: 'Drinks' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({
      name: 'Kitchen',
      is_default: true,
      category_ids: [2, 3],
    });
  });
});
