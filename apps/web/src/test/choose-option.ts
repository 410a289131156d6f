/**
 * Chooses an option of a `Select` (components/ui/select.tsx) as a user does: opens the named combobox and clicks the
 * option in its list.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export async function chooseOption(user: UserEvent, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}
