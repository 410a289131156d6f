import { beforeAll, describe, expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { venueCurrency } from '@trapeza/domain/money';
import { calculateOrderTotal } from '@trapeza/domain/pricing/order-total';
import { SETTINGS_DEFAULTS } from '@trapeza/domain/settings';
import { line } from '@trapeza/domain/test-fixtures';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { OrderSummary } from './order-summary.tsx';

beforeAll(async () => {
  await loadFeatureBundle('cart', cartBundle, 'bg');
});

/** Two 10.00 lines at pickup with the venue's online payment tax of 2.5 % + 0.25 (spec §9). */
function renderSummary(paymentMethod: string | null) {
  const total = calculateOrderTotal({
    lines: [line({ quantity: 2 })],
    orderType: 3,
    settings: { ...SETTINGS_DEFAULTS, online_payment_tax_percent: 2.5, online_payment_tax_fixed: 25 },
    paymentMethod,
    now: new Date('2026-03-03T10:00:00Z'),
  });
  render(
    <OrderSummary view={{ total, zone: null, zoneProblem: null }} currency={venueCurrency({})} lang="bg" />,
  );
}

describe('order summary: the online payment fee (spec §9 "shown and charged")', () => {
  test.each(['epay', 'online'])('%s: the fee row and the total with it', (method) => {
    renderSummary(method);
    const fee = screen.getByText('Такса за онлайн плащане').closest('div')!;
    // 2.5 % of 20.00 + 0.25 = 0.75
    expect(within(fee).getByText(/0[.,]75/)).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toMatch(/20[.,]75/);
  });

  test('cash: no fee row, the total without it', () => {
    renderSummary('cash');
    expect(screen.queryByText('Такса за онлайн плащане')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toMatch(/20[.,]00/);
  });
});
