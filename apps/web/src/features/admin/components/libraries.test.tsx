/**
 * Issue 21 #4 on the menu's libraries (ingredients, allergens): an edited item counts as unsaved until saved, a
 * save says "Saved" in a toast, an item is deleted only after the confirm dialog's yes ("Deleted"), and switching to
 * another item (or a new one) over unsaved edits asks "Leave without saving?" first.
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
const tomato = { ...cheese, id: 5, name: 'Tomato', productCount: 1 } as unknown as AdminIngredientRow;
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
      <Libraries kind={kind} ingredients={[cheese, tomato]} allergens={[milk]} onChanged={onChanged} />
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

  test('switching to another item or a new one with unsaved edits asks first; Stay keeps them', async () => {
    const user = userEvent.setup();
    renderLibraries('ingredients');
    const form = () => screen.getByRole('form', { name: 'Ingredient' });
    const name = () => within(form()).getByLabelText('Name (en)') as HTMLInputElement;
    const leave = () => screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    // Nothing typed: another item opens at once.
    await user.click(screen.getByRole('button', { name: /^Cheese/ }));
    await user.click(screen.getByRole('button', { name: /^Tomato/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(form()).getByRole('heading', { name: 'Tomato' })).toBeTruthy();

    await user.type(name(), 'Tomato');
    await user.click(screen.getByRole('button', { name: /^Cheese/ }));
    await user.click(within(await leave()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(form()).getByRole('heading', { name: 'Tomato' })).toBeTruthy();
    expect(name().value).toBe('Tomato');

    // A new one is a switch too; Leave drops the edits and opens it.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(within(await leave()).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(within(form()).getByRole('heading', { name: 'New ingredient' })).toBeTruthy());
    expect(name().value).toBe('');
    expect(hasUnsavedChanges()).toBe(false);
  });
});
