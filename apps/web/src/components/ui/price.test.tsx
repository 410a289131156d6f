import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { venueCurrency } from '@trapeza/domain/money';
import { Price } from './price.tsx';

describe('Price (spec §2, §9)', () => {
  test('shows the old price struck through and the discounted price', () => {
    const currency = venueCurrency({ default_currency_suffix: 'лв.' });
    const { container } = render(<Price amount={900} oldAmount={1200} currency={currency} lang="bg" />);
    const del = container.querySelector('del');
    expect(del?.textContent).toContain('12,00 лв.');
    expect(screen.getByText(/9,00 лв\./)).toBeTruthy();
  });

  test('shows the second currency when show_prices_in_two_currency is on (BGN → EUR at 1.95583)', () => {
    const currency = venueCurrency({ default_currency_suffix: 'лв.', show_prices_in_two_currency: true });
    render(<Price amount={1956} currency={currency} lang="bg" />);
    expect(screen.getByText('19,56 лв.')).toBeTruthy();
    expect(screen.getByText('(10,00 €)')).toBeTruthy();
  });

  test('no strike-through without a discount, and no second currency when off', () => {
    const currency = venueCurrency({ default_currency_suffix: '€' });
    const { container } = render(<Price amount={650} oldAmount={650} currency={currency} lang="en" />);
    expect(container.querySelector('del')).toBeNull();
    expect(container.textContent).toBe('6.50 €');
  });
});
