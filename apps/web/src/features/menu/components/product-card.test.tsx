import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { venueCurrency } from '@trapeza/domain/money';
import { AllergenFilterPanel } from '../../preferences/components/allergen-filter.tsx';
import { usePreferencesStore } from '../../../stores/preferences-store.ts';
import { product } from '../../../test/fixtures.ts';
import { ProductCard, type ProductCardProps } from './product-card.tsx';

const gluten = { id: 1, name: 'Глутен', image: null, translations: { en: { name: 'Gluten' } } };
const milk = { id: 7, name: 'Мляко', image: null, translations: {} };

function renderCard(over: Partial<ProductCardProps> = {}) {
  const props: ProductCardProps = {
    product: product({ id: 1, slug: 'banitsa', name: 'Баница', allergens: [gluten, milk] }),
    href: '/bistro/breakfast/banitsa',
    lang: 'bg',
    currency: venueCurrency({}),
    priceContext: {
      now: new Date('2026-01-05T10:00:00Z'),
      timeZone: 'Europe/Sofia',
      orderType: null,
      moneyDiscountOnlyForPreorder: false,
    },
    avoidAllergens: [],
    ...over,
  };
  return render(
    <MemoryRouter>
      <ProductCard {...props} />
    </MemoryRouter>,
  );
}

describe('product card (spec §2)', () => {
  test('name links to the product page; variants show size and price; allergens listed', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'Баница' }).getAttribute('href')).toBe(
      '/bistro/breakfast/banitsa',
    );
    const variants = screen.getByRole('list', { name: 'Размери и цени' });
    expect(within(variants).getByText('300 г')).toBeTruthy();
    expect(within(variants).getByText('10,00 лв.')).toBeTruthy();
    expect(screen.getByText('Глутен')).toBeTruthy();
  });

  test('a discounted product shows the old price struck through', () => {
    const { container } = renderCard({
      product: product({ id: 2, slug: 'x', name: 'X', discount_percent: 20 }),
    });
    expect(container.querySelector('del')?.textContent).toContain('10,00 лв.');
    expect(screen.getByText(/8,00 лв\./)).toBeTruthy();
  });

  test('out of stock: dimmed, labelled, and not clickable', () => {
    const { container } = renderCard({ product: product({ id: 3, slug: 'y', name: 'Y', in_stock: 0 }) });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Изчерпан')).toBeTruthy();
    expect(container.querySelector('article')?.hasAttribute('data-out-of-stock')).toBe(true);
  });

  test('the image gets width/height and loads lazily below the fold', () => {
    const p = product({
      id: 4,
      slug: 'z',
      name: 'Z',
      product_images: [{ path: '/demo/images/z.svg', width: 640, height: 480 }],
    });
    const { container } = renderCard({ product: p });
    const img = container.querySelector('img');
    expect(img?.getAttribute('width')).toBe('640');
    expect(img?.getAttribute('height')).toBe('480');
    expect(img?.getAttribute('loading')).toBe('lazy');
  });
});

describe('allergen filter (beyond the spec)', () => {
  test('products containing an avoided allergen are clearly marked', () => {
    const { container } = renderCard({ avoidAllergens: [7] });
    expect(screen.getByText('Съдържа: Мляко')).toBeTruthy();
    expect(container.querySelector('article')?.hasAttribute('data-avoided')).toBe(true);
  });

  test('the guest marks allergens; the choice is kept on the device', async () => {
    const user = userEvent.setup();
    render(<AllergenFilterPanel allergens={[gluten, milk]} lang="en" />);
    // Chips: toggle buttons (issue 21 #2).
    const chip = screen.getByRole('button', { name: 'Gluten' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Алергени, които избягвам' }).contains(chip)).toBe(true);
    expect(usePreferencesStore.getState().avoidAllergens).toEqual([1]);
    expect(JSON.parse(localStorage.getItem('trapeza_preferences') ?? '{}')).toMatchObject({
      avoidAllergens: [1],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Скрий продуктите с тези алергени' }));
    expect(usePreferencesStore.getState().hideAvoided).toBe(true);
  });
});

describe('a booking product’s buttons (the booking modal’s code loads on demand)', () => {
  const booking = product({ id: 9, slug: 'tasting', name: 'Дегустация', type: 'booking' });

  test.each([
    ['the "+" of its size', /^Добави Дегустация/, 'onAddVariant'],
    ['"Book"', 'Резервирай', 'onBook'],
  ] as const)(
    'a tap on %s before the code is there: busy, then the modal opens, once',
    async (_, name, opens) => {
      let arrive!: () => void;
      const code = new Promise<void>((resolve) => (arrive = resolve));
      const loadBooking = vi.fn(() => code);
      const onBook = vi.fn();
      const onAddVariant = vi.fn();
      renderCard({ product: booking, href: null, loadBooking, onBook, onAddVariant });
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-busy')).toBeNull();
      fireEvent.click(button);
      // Taken at once (the code still on its way): busy, nothing opened yet.
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(loadBooking).toHaveBeenCalled();
      // A second tap meanwhile opens nothing twice.
      fireEvent.click(button);
      expect(onBook).not.toHaveBeenCalled();
      expect(onAddVariant).not.toHaveBeenCalled();
      await act(async () => arrive());
      expect({ onBook, onAddVariant }[opens]).toHaveBeenCalledOnce();
      expect({ onBook, onAddVariant }[opens].mock.calls[0]![0]).toBe(booking);
      expect(button.getAttribute('aria-busy')).toBeNull();
    },
  );
});

describe('a size’s "+" that opens the variant picker (the cart’s code loads on demand)', () => {
  const lemonade = product({
    id: 4,
    slug: 'lemonade',
    name: 'Лимонада',
    product_variants: [
      { id: 41, price: 420, additional_price: 0, size: '400 мл', booking_duration: null, translations: {} },
      { id: 42, price: 890, additional_price: 0, size: 'кана 1 л', booking_duration: null, translations: {} },
    ],
  });

  test('a tap before the code is there: busy, then the picker opens for that size, once', async () => {
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const loadVariantPicker = vi.fn(() => code);
    const onAddVariant = vi.fn();
    renderCard({ product: lemonade, addOpensPicker: () => true, loadVariantPicker, onAddVariant });
    const button = screen.getByRole('button', { name: 'Добави Лимонада кана 1 л в количката' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    // Taken at once (the code still on its way): busy, nothing opened yet.
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(loadVariantPicker).toHaveBeenCalled();
    // A second tap meanwhile opens nothing twice.
    fireEvent.click(button);
    expect(onAddVariant).not.toHaveBeenCalled();
    await act(async () => arrive());
    expect(onAddVariant).toHaveBeenCalledOnce();
    expect(onAddVariant).toHaveBeenCalledWith(lemonade, lemonade.product_variants[1]);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  test('a "+" that adds its size at once waits for nothing: added on the tap, never busy', () => {
    const loadVariantPicker = vi.fn(() => new Promise<void>(() => {}));
    const onAddVariant = vi.fn();
    renderCard({ product: lemonade, addOpensPicker: () => false, loadVariantPicker, onAddVariant });
    const button = screen.getByRole('button', { name: 'Добави Лимонада 400 мл в количката' });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    fireEvent.click(button);
    expect(onAddVariant).toHaveBeenCalledWith(lemonade, lemonade.product_variants[0]);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(loadVariantPicker).not.toHaveBeenCalled();
  });
});

describe('the add button that opens the product sheet (its code loads on demand)', () => {
  test('a tap before the code is there: busy, then the sheet opens, once', async () => {
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const loadSheet = vi.fn(() => code);
    const onOpen = vi.fn();
    const banitsa = product({ id: 5, slug: 'banitsa', name: 'Баница' });
    renderCard({ product: banitsa, onOpen, loadSheet });
    const button = screen.getByRole('button', { name: 'Добави Баница в количката' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    // Taken at once (the code still on its way): busy, nothing opened yet.
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(loadSheet).toHaveBeenCalled();
    // A second tap meanwhile opens nothing twice.
    fireEvent.click(button);
    expect(onOpen).not.toHaveBeenCalled();
    await act(async () => arrive());
    expect(onOpen).toHaveBeenCalledOnce();
    expect(onOpen).toHaveBeenCalledWith(banitsa);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});
