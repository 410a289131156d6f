import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { adminBundle } from '../i18n/loaders.ts';
import type { AdminCategory } from '../api/menu.ts';
import type { OrderItem } from '../lib/category-moves.ts';
import { CategoryTree } from './category-tree.tsx';

beforeAll(() => loadFeatureBundle('admin', adminBundle, 'bg'));

const cat = (id: number, name: string, parentId: number | null, children: AdminCategory[] = []) =>
  ({ id, name, parentId, children, active: 1, productCount: 0 }) as unknown as AdminCategory;

const tree = [
  cat(1, 'Напитки', null, [cat(4, 'Топли', 1), cat(5, 'Студени', 1)]),
  cat(2, 'Храна', null),
  cat(3, 'Десерти', null),
];

function setup() {
  const onOrder = vi.fn((_items: OrderItem[]) => Promise.resolve());
  render(<CategoryTree tree={tree} selectedId={null} onSelect={() => undefined} onOrder={onOrder} />);
  return { onOrder, user: userEvent.setup() };
}

describe('CategoryTree keyboard moves', () => {
  it('moves a category down with its button and announces it', async () => {
    const { onOrder, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Премести Храна надолу' }));
    expect(onOrder).toHaveBeenCalledTimes(1);
    const items = onOrder.mock.calls[0]![0];
    expect(items.find((i) => i.id === 2)).toEqual({ id: 2, parentId: null, priority: 2 });
    expect(items.find((i) => i.id === 3)).toEqual({ id: 3, parentId: null, priority: 1 });
    expect(screen.getByRole('status').textContent).toContain('Храна е преместена');
  });

  it('reaches the buttons with the keyboard and moves into the previous category', async () => {
    const { onOrder, user } = setup();
    const into = screen.getByRole('button', { name: 'Премести Храна в категорията отгоре' });
    into.focus();
    await user.keyboard('{Enter}');
    const items = onOrder.mock.calls[0]![0];
    expect(items.find((i) => i.id === 2)).toEqual({ id: 2, parentId: 1, priority: 2 });
  });

  it('moves a child out of its parent, and disables impossible moves', async () => {
    const { onOrder, user } = setup();
    expect(
      (screen.getByRole('button', { name: 'Премести Напитки нагоре' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Извади Напитки от родителската категория' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Извади Топли от родителската категория' }));
    const items = onOrder.mock.calls[0]![0];
    expect(items.find((i) => i.id === 4)).toEqual({ id: 4, parentId: null, priority: 1 });
  });
});
