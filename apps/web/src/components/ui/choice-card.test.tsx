import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChoiceCard, ChoiceCardGroup } from './choice-card.tsx';

function Controlled() {
  const [size, setSize] = useState('m');
  return (
    <>
      <button type="button">before</button>
      <ChoiceCardGroup legend="Размер" name="size" value={size} onValueChange={setSize} error={null}>
        <ChoiceCard value="s" label="Малка" aside="8,00 €" />
        <ChoiceCard value="m" label="Средна" description="30 cm" aside="10,00 €" />
        <ChoiceCard value="l" label="Голяма" aside="12,00 €" />
      </ChoiceCardGroup>
      <output>{size}</output>
    </>
  );
}

function Registered({ onSend }: { onSend: (v: { type: string; agree: boolean }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { type: '', agree: false } });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <ChoiceCardGroup legend="Order type" error="Choose how you get it" layout="grid">
        <ChoiceCard value="2" label="Delivery" {...register('type')} />
        <ChoiceCard value="3" label="Pickup" {...register('type')} />
      </ChoiceCardGroup>
      <ChoiceCard type="checkbox" label="I agree" {...register('agree')} />
      <button type="submit">send</button>
    </form>
  );
}

describe('ChoiceCard (issue 21 #2)', () => {
  test('a radio group of real radios: named group, one Tab stop, arrows move and choose, the card is the label', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const group = screen.getByRole('radiogroup', { name: 'Размер' });
    expect(group.tagName).toBe('FIELDSET');
    const medium = screen.getByRole('radio', { name: /Средна/ });
    expect((medium as HTMLInputElement).checked).toBe(true);
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(medium);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Голяма/ }));
    expect(screen.getByRole('status').textContent).toBe('l');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('status').textContent).toBe('s');
    // A tap on the card's price (not the small indicator) chooses it.
    await user.click(screen.getByText('10,00 €'));
    expect(screen.getByRole('status').textContent).toBe('m');
    expect((screen.getByRole('radio', { name: /Малка/ }) as HTMLInputElement).checked).toBe(false);
  });

  test("register() spreads on a card; the group's error describes its inputs; a lone checkbox card", async () => {
    const user = userEvent.setup();
    const sent: { type: string; agree: boolean }[] = [];
    render(<Registered onSend={(v) => sent.push(v)} />);
    const pickup = screen.getByRole('radio', { name: 'Pickup' });
    expect(pickup.getAttribute('aria-invalid')).toBe('true');
    const errorId = pickup.getAttribute('aria-describedby');
    expect(errorId && document.getElementById(errorId)?.textContent).toBe('Choose how you get it');
    expect(screen.getByRole('radiogroup', { name: 'Order type' }).getAttribute('aria-describedby')).toBe(
      errorId,
    );
    await user.click(screen.getByText('Pickup'));
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    agree.focus();
    await user.keyboard(' ');
    expect((agree as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(sent).toEqual([{ type: '3', agree: true }]);
  });

  test('a disabled card cannot be chosen', async () => {
    const user = userEvent.setup();
    render(
      <ChoiceCardGroup legend="Extras" type="checkbox">
        <ChoiceCard label="Cheese" disabled />
      </ChoiceCardGroup>,
    );
    await user.click(screen.getByText('Cheese'));
    expect((screen.getByRole('checkbox', { name: 'Cheese' }) as HTMLInputElement).checked).toBe(false);
  });

  test('pending (before the app is live): taps refused like disabled, but the card is not dimmed; disabled is', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <ChoiceCardGroup legend="Размер" name="size">
        <ChoiceCard value="s" label="Малка" pending />
        <ChoiceCard value="l" label="Голяма" disabled />
      </ChoiceCardGroup>,
    );
    const small = screen.getByRole('radio', { name: 'Малка' });
    const large = screen.getByRole('radio', { name: 'Голяма' });
    expect((small as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByText('Малка'));
    expect((small as HTMLInputElement).checked).toBe(false);
    // Only a really unavailable choice is drawn dimmed (opacity on data-disabled); a pending one keeps its contrast.
    expect(small.closest('label')?.hasAttribute('data-disabled')).toBe(false);
    expect(small.closest('label')?.hasAttribute('data-pending')).toBe(true);
    expect(large.closest('label')?.hasAttribute('data-disabled')).toBe(true);
    rerender(
      <ChoiceCardGroup legend="Размер" name="size">
        <ChoiceCard value="s" label="Малка" pending={false} />
        <ChoiceCard value="l" label="Голяма" disabled />
      </ChoiceCardGroup>,
    );
    expect((small as HTMLInputElement).disabled).toBe(false);
    expect(small.closest('label')?.hasAttribute('data-pending')).toBe(false);
  });
});
