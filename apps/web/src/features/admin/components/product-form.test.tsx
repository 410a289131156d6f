import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct } from '../api/menu.ts';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { adminBundle } from '../i18n/loaders.ts';
import { ProductForm } from './product-form.tsx';
import { productDraft, type ProductDraft } from './product-form/product-draft.ts';

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'bg'));

function renderForm(
  product: AdminProduct | null,
  onSave = vi.fn(async (_d: ProductDraft) => undefined),
  lists: Partial<Pick<Parameters<typeof ProductForm>[0], 'categories' | 'products' | 'allergens'>> = {},
) {
  render(
    <ProductForm
      product={product}
      categoryId={7}
      categories={lists.categories ?? [{ id: 7, label: 'Напитки' }]}
      products={lists.products ?? []}
      ingredients={[]}
      allergens={lists.allergens ?? []}
      onSave={onSave}
      onClose={() => undefined}
    />,
  );
  return onSave;
}

describe('ProductForm variant sizes', () => {
  it('takes each variant size in the five languages and saves them as translations[lang].size', async () => {
    const onSave = renderForm(null);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Име (bg)'), 'Лимонада');
    const first = screen.getByRole('group', { name: 'Вариант 1' });
    await user.clear(within(first).getByLabelText('Цена 1'));
    await user.type(within(first).getByLabelText('Цена 1'), '4,50');
    const sizes = within(first).getByRole('group', { name: 'Размер на вариант 1 на петте езика' });
    for (const [lang, text] of [
      ['bg', '300 мл'],
      ['en', '300 ml'],
      ['es', '300 ml'],
      ['de', '0,3 l'],
      ['fr-CH', '3 dl'],
    ] as const) {
      const input = within(sizes).getByLabelText(`Размер 1 (${lang})`);
      expect(input.getAttribute('maxlength')).toBe('100');
      await user.type(input, text);
    }
    await user.click(screen.getByRole('button', { name: 'Добави вариант' }));
    const second = screen.getByRole('group', { name: 'Вариант 2' });
    await user.clear(within(second).getByLabelText('Цена 2'));
    await user.type(within(second).getByLabelText('Цена 2'), '7');
    await user.type(within(second).getByLabelText('Размер 2 (bg)'), '500 мл');
    await user.type(within(second).getByLabelText('Размер 2 (en)'), '500 ml');
    // A translation typed and cleared again leaves no trace.
    await user.type(within(second).getByLabelText('Размер 2 (de)'), 'x');
    await user.clear(within(second).getByLabelText('Размер 2 (de)'));

    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].product_variants).toEqual([
      {
        price: 450,
        additional_price: 0,
        size: '300 мл',
        booking_duration: null,
        translations: {
          en: { size: '300 ml' },
          es: { size: '300 ml' },
          de: { size: '0,3 l' },
          'fr-CH': { size: '3 dl' },
        },
      },
      {
        price: 700,
        additional_price: 0,
        size: '500 мл',
        booking_duration: null,
        translations: { en: { size: '500 ml' } },
      },
    ]);
  });

  it('shows the stored sizes of every language and keeps the variant ids', async () => {
    const base = productDraft(null, 7);
    const product = {
      ...base,
      id: 42,
      slug: 'limonada',
      name: 'Лимонада',
      active: 1,
      allergens: [],
      product_images: [],
      product_variants: [
        {
          id: 501,
          price: 450,
          additional_price: 0,
          size: '300 мл',
          booking_duration: null,
          // Another field stored by hand is not sent back (the API takes sizes only).
          translations: { en: { size: '300 ml', note: 'x' }, de: { note: 'y' }, 'fr-CH': { size: '3 dl' } },
        },
      ],
    } as unknown as AdminProduct;
    const onSave = renderForm(product);
    const sizes = screen.getByRole('group', { name: 'Размер на вариант 1 на петте езика' });
    expect((within(sizes).getByLabelText('Размер 1 (bg)') as HTMLInputElement).value).toBe('300 мл');
    expect((within(sizes).getByLabelText('Размер 1 (en)') as HTMLInputElement).value).toBe('300 ml');
    expect((within(sizes).getByLabelText('Размер 1 (es)') as HTMLInputElement).value).toBe('');
    expect((within(sizes).getByLabelText('Размер 1 (fr-CH)') as HTMLInputElement).value).toBe('3 dl');

    const user = userEvent.setup();
    await user.clear(within(sizes).getByLabelText('Размер 1 (en)'));
    await user.type(within(sizes).getByLabelText('Размер 1 (en)'), '0.3 l');
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave.mock.calls[0]![0].product_variants).toEqual([
      expect.objectContaining({
        id: 501,
        size: '300 мл',
        translations: { en: { size: '0.3 l' }, 'fr-CH': { size: '3 dl' } },
      }),
    ]);
  });
});

describe('ProductForm choices on checkbox cards (issue 21 #2)', () => {
  it('flags, categories with the primary one, allergens and up to 4 related products: the cards keep the behaviour', async () => {
    const user = userEvent.setup();
    const products = [1, 2, 3, 4, 5].map((id) => ({ ...productDraft(null, 7), id, name: `Продукт ${id}` }));
    const onSave = renderForm(null, undefined, {
      categories: [
        { id: 7, label: 'Напитки' },
        { id: 8, label: 'Десерти' },
      ],
      products: products as unknown as AdminProduct[],
      allergens: [
        { id: 31, name: 'Глутен' },
        { id: 32, name: 'Мляко' },
      ] as never,
    });
    await user.type(screen.getByLabelText('Име (bg)'), 'Лимонада');
    // Every choice is a card: the input inside its label, in a named group.
    const flags = screen.getByRole('checkbox', { name: 'В наличност' });
    expect(flags.closest('label')?.dataset.dense).toBe('true');
    await user.click(flags);

    const categories = screen.getByRole('group', { name: 'Категории' });
    expect(categories.tagName).toBe('FIELDSET');
    await user.click(within(categories).getByRole('checkbox', { name: 'Десерти' }));
    // Unticking the primary one gives the primary place to the other ticked category.
    await user.click(within(categories).getByRole('checkbox', { name: 'Напитки' }));
    expect(screen.getByRole('combobox', { name: 'Основна категория' }).textContent).toBe('Десерти');

    await user.click(
      within(screen.getByRole('group', { name: 'Алергени' })).getByRole('checkbox', { name: 'Мляко' }),
    );

    const related = screen.getByRole('group', { name: /^Свързани продукти/ });
    for (const n of [1, 2, 3, 4])
      await user.click(within(related).getByRole('checkbox', { name: `Продукт ${n}` }));
    expect(within(related).getByRole<HTMLInputElement>('checkbox', { name: 'Продукт 5' }).disabled).toBe(
      true,
    );
    expect(screen.getByRole('group', { name: 'Свързани продукти (4 от 4)' })).toBe(related);

    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      in_stock: 0,
      catHierarchyIds: [8],
      catHierarchyId: 8,
      allergens: [32],
      related_products: [1, 2, 3, 4],
    });
  });
});

describe('ProductForm money inputs (issue 21)', () => {
  it('a wrong price is not saved: the save attempt shows its inline error tied to the input and focuses it', async () => {
    const onSave = renderForm(null);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Име (bg)'), 'Лимонада');
    const price = within(screen.getByRole('group', { name: 'Вариант 1' })).getByLabelText('Цена 1');
    await user.clear(price);
    await user.type(price, '4,x');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    // Enter in the field: the form is sent without the field being left first.
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Въведете сума, напр. 12.50',
    );
    expect(document.activeElement).toBe(price);
    // The Save button too (the field is left on the way): still not sent.
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.tripleClick(price);
    await user.keyboard('4,50');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].product_variants[0]!.price).toBe(450);
  });
});
