import { describe, expect, test } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast, ToastRegion } from './toast.tsx';

describe('ToastRegion (issue 21 #2, Radix toast)', () => {
  test('a notice shows in the named region, goes by itself after its time, and the same text is not stacked', async () => {
    render(<ToastRegion label="Известия" closeLabel="Затвори" />);
    const region = screen.getByRole('region', { name: 'Известия' });
    act(() => {
      showToast('Запазено', 'success', 300);
      showToast('Запазено', 'success', 300);
    });
    expect(within(region).getAllByText('Запазено')).toHaveLength(1);
    await waitFor(() => expect(within(region).queryByText('Запазено')).toBeNull(), { timeout: 3000 });
  });

  test('an error stays until its close button, and is announced assertively', async () => {
    const user = userEvent.setup();
    render(<ToastRegion label="Известия" closeLabel="Затвори" />);
    const region = screen.getByRole('region', { name: 'Известия' });
    act(() => {
      showToast('Грешка при запис', 'error', 10);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(within(region).getByText('Грешка при запис')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toContain('Грешка при запис'),
    );
    // The keyboard (jsdom has no pointer capture, which Radix's swipe handling asks for on a tap).
    within(region).getByRole('button', { name: 'Затвори' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).queryByText('Грешка при запис')).toBeNull());
  });
});
