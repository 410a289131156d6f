import { beforeAll, describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { venueCurrency } from '@trapeza/domain/money';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { product } from '../../../test/fixtures.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { truncateTitle, VariantModal } from './variant-modal.tsx';

beforeAll(async () => {
  await loadFeatureBundle('cart', cartBundle, 'bg');
});

const twoSizes = product({
  id: 5,
  slug: 'shopska',
  name: 'Шопска салата с печени чушки и сирене',
  product_variants: [
    { id: 51, price: 590, additional_price: 0, size: '300 г', booking_duration: null, translations: {} },
    { id: 52, price: 790, additional_price: 0, size: '450 г', booking_duration: null, translations: {} },
  ],
});

function renderModal(withComment: boolean, onAdd = vi.fn()) {
  render(
    <VariantModal
      product={twoSizes}
      preselectedId={null}
      withComment={withComment}
      lang="bg"
      currency={venueCurrency({})}
      priceContext={{
        now: new Date('2026-03-03T10:00:00Z'),
        timeZone: 'Europe/Sofia',
        orderType: null,
        moneyDiscountOnlyForPreorder: false,
      }}
      onAdd={onAdd}
      onClose={() => undefined}
    />,
  );
  return onAdd;
}

describe('variant modal (spec §2, §9)', () => {
  test.each([
    ['Баница', 'Баница'],
    ['1234567890123456789012', '1234567890123456789012'],
    ['12345678901234567890123', '12345678901234567890…'],
  ])('title %s is shown as %s (22 characters: 20 plus an ellipsis)', (name, shown) => {
    expect(truncateTitle(name)).toBe(shown);
    expect([...truncateTitle(name)].length).toBeLessThanOrEqual(22);
  });

  test('the title is the truncated name; each variant is a button with size and price', async () => {
    const onAdd = renderModal(false);
    expect(screen.getByRole('heading', { name: 'Шопска салата с пече…' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /450 г/ }));
    expect(onAdd).toHaveBeenCalledWith(52, '');
  });

  test('with variant_modal_with_comment each variant has its own comment, sent with that variant', async () => {
    const onAdd = renderModal(true);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Коментар към 300 г'), ' без лук ');
    await userEvent.click(screen.getByRole('button', { name: /300 г/ }));
    expect(onAdd).toHaveBeenCalledWith(51, 'без лук');
  });
});
