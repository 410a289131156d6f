import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { askConfirm, ConfirmHost } from './confirm-dialog.tsx';

function Demo() {
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void askConfirm({
            title: 'Изтриване на „Супи“',
            message: 'Това не може да се отмени.',
            confirmLabel: 'Изтрий',
            cancelLabel: 'Отказ',
            danger: true,
          }).then((ok) => setAnswer(String(ok)))
        }
      >
        Изтрий категорията
      </button>
      <output>{answer}</output>
      <ConfirmHost />
    </>
  );
}

describe('ConfirmHost (issue 21 #2, Radix alert dialog)', () => {
  test('a named, described alert dialog; focus starts on the safe answer; Escape says no; focus returns', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    const opener = screen.getByRole('button', { name: 'Изтрий категорията' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Изтриване на „Супи“' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Това не може да се отмени.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отказ' }));
    // Tab stays inside the dialog.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отказ' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('false');
    expect(document.activeElement).toBe(opener);
  });

  test('only the confirm button answers yes', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Изтрий категорията' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
