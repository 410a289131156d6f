import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, tabPanelProps } from './tabs.tsx';

function Demo() {
  const [tab, setTab] = useState<'cart' | 'orders' | 'bill'>('cart');
  return (
    <>
      <button type="button">before</button>
      <Tabs
        id="t"
        label="Количка"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'cart', label: 'Количка (0)' },
          { id: 'orders', label: 'Моите поръчки' },
          { id: 'bill', label: 'Сметка' },
        ]}
      />
      <div {...tabPanelProps('t', tab)}>panel {tab}</div>
    </>
  );
}

describe('Tabs (issue 21 #2)', () => {
  test('one Tab stop; arrows, Home and End choose; the panel is labelled by its tab', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    expect(screen.getByRole('tablist', { name: 'Количка' })).toBeTruthy();
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Количка (0)' }));
    expect(screen.getByRole('tab', { name: 'Моите поръчки' }).tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    const orders = screen.getByRole('tab', { name: 'Моите поръчки' });
    expect(document.activeElement).toBe(orders);
    expect(orders.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Моите поръчки' }).textContent).toBe('panel orders');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Сметка' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Количка (0)' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Сметка' }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel cart');
    // Tab leaves the tablist (the chosen tab is its only stop).
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  test('a click chooses', async () => {
    render(<Demo />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Сметка' }));
    expect(screen.getByRole('tabpanel', { name: 'Сметка' }).textContent).toBe('panel bill');
  });

  test('a tab is chosen on click, not on the press: a press that ends elsewhere chooses nothing', () => {
    render(<Demo />);
    const bill = screen.getByRole('tab', { name: 'Сметка' });
    fireEvent.mouseDown(bill, { button: 0 });
    fireEvent.mouseUp(document.body, { button: 0 });
    expect(bill.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(bill);
    expect(bill.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(bill);
  });
});
