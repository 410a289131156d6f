/**
 * Issue 21 #4 on the menu's libraries (ingredients, allergens): an edited item counts as unsaved until saved, a
 * save says "Saved" in a toast, and an item is deleted only after the confirm dialog's yes ("Deleted").
 */
import { describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { ToastRegion } from '../../../components/ui/toast.tsx';
import { hasUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { fakeAdminFetch } from '../../../test/admin-fetch.ts';
import type { AdminAllergenRow, AdminIngredientRow } from '../api/menu.ts';
import { Libraries } from './libraries.tsx';

const cheese = {
  id: 4,
  name: 'Cheese',
  translations: {},
  price: 120,
  active: 1,
  priority: 0,
  productCount: 2,
} as unknown as AdminIngredientRow;
const milk = {
  id: 7,
  name: 'Milk',
  translations: {},
  image: null,
  productCount: 1,
} as unknown as AdminAllergenRow;

const { writes } = fakeAdminFetch([[/./, { ok: true }]], { writeAnswer: { ok: true } });

function renderLibraries(kind: 'ingredients' | 'allergens', onChanged = vi.fn(async () => undefined)) {
  render(
    <>
      <Libraries kind={kind} ingredients={[cheese]} allergens={[milk]} onChanged={onChanged} />
      <ConfirmHost />
      <ToastRegion label="Notifications" closeLabel="Close" />
    </>,
  );
  return onChanged;
}

describe('Libraries on the console components', () => {
  test('an ingredient: unsaved once typed in, "Saved" after the save, and clean again', async () => {
    const user = userEvent.setup();
    const onChanged = renderLibraries('ingredients');
    await user.click(screen.getByRole('button', { name: /^Cheese/ }));
    const form = screen.getByRole('form', { name: 'Ingredient' });
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(within(form).getByLabelText('Name (en)'), 'Cheese');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    expect(hasUnsavedChanges()).toBe(false);
  });

  test('an allergen is deleted only after the dialog says yes, then "Deleted"', async () => {
    const user = userEvent.setup();
    renderLibraries('allergens');
    await user.click(screen.getByRole('button', { name: /^Milk/ }));
    const form = screen.getByRole('form', { name: 'Allergen' });
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete “Milk”' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(writes('DELETE')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0]!.path).toMatch(/admin\/allergens\/7$/);
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });
});
