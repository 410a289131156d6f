import { describe, expect, test, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Modal } from './modal.tsx';

/** A venue's page with a button that opens a dialog with a field and a group of radios (its last controls). */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <div className="place">
      <button type="button" onClick={() => setOpen(true)}>
        Размер
      </button>
      <Modal open={open} title="Изберете размер" onClose={() => setOpen(false)} sheet>
        <input aria-label="Бележка" />
        <label>
          <input type="radio" name="size" value="3" defaultChecked /> 3 бр.
        </label>
        <label>
          <input type="radio" name="size" value="5" /> 5 бр.
        </label>
      </Modal>
    </div>
  );
}

describe('Modal (issue 21 #2: Radix dialog)', () => {
  test('named, in the venue page, focus inside and round its controls, the page hidden; Escape closes and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Размер' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Изберете размер' });
    // In the venue's page (its theme's colours), the page behind it hidden from screen readers.
    expect(dialog.closest('.place')).toBeTruthy();
    expect(opener.closest('[aria-hidden="true"]')).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: 'Затвори' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    // Tab: the note, the chosen radio (the group is one stop), then round to the close button; Shift+Tab back.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Бележка'));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('3 бр.'));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('3 бр.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  test('a tap on the dimmed page closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Размер' }));
    await screen.findByRole('dialog');
    const overlay = document.querySelector<HTMLElement>('[data-backdrop]')!;
    await user.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** The welcome banner's way: open in the server's HTML, closed by its own form before the app is live. */
function Banner({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <div className="place">
      <main>
        <h1>Бистро</h1>
      </main>
      <Modal
        open={open}
        title="Добре дошли"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        openInHtml
        closedCookie="welcome_seen_bistro"
      >
        <p>Поръчайте на масата.</p>
        {children}
      </Modal>
    </div>
  );
}

describe('Modal openInHtml (issue 17: the server-rendered welcome banner)', () => {
  test("the server's HTML is a native open dialog with a form; the live app hands over to the Radix dialog", async () => {
    const html = renderToString(<Banner onClose={() => undefined} />);
    expect(html).toContain('<dialog');
    expect(html).toMatch(/<dialog[^>]* open=""/);
    expect(html).toContain('data-closed-cookie="welcome_seen_bistro"');
    expect(html).toContain('<form method="dialog"');

    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const server = root.querySelector('dialog')!;
    const onClose = vi.fn();
    const recoverable = vi.fn();
    const app = await act(async () =>
      hydrateRoot(root, <Banner onClose={onClose} />, { onRecoverableError: recoverable }),
    );
    try {
      const dialog = await screen.findByRole('dialog', { name: 'Добре дошли' });
      expect(dialog).not.toBe(server);
      expect(server.isConnected).toBe(false);
      expect(root.querySelector('dialog')).toBeNull();
      expect(dialog.closest('.place')).toBeTruthy();
      expect(recoverable).not.toHaveBeenCalled();
      // The hand-over is not the guest's close: no cookie written.
      expect(onClose).not.toHaveBeenCalled();
      await userEvent.setup().keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      act(() => app.unmount());
      root.remove();
    }
  });

  test('closed by its form before the app was live: the app tells onClose and shows no dialog', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Banner onClose={() => undefined} />);
    document.body.append(root);
    // What <form method="dialog"> does when the guest taps its button.
    root.querySelector('dialog')!.removeAttribute('open');
    const onClose = vi.fn();
    const app = await act(async () => hydrateRoot(root, <Banner onClose={onClose} />));
    try {
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(root.querySelector('dialog')).toBeNull();
    } finally {
      act(() => app.unmount());
      root.remove();
    }
  });
});
