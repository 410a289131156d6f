import { describe, expect, test, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type Column, type DataTableLabels, type Sort } from './data-table.tsx';

interface Dish {
  id: number;
  name: string;
  price: number;
}

// 25 dishes: names with accents and numbers (sorted as a person reads them), prices not in name order.
const DISHES: Dish[] = [
  { id: 1, name: 'Crème brûlée', price: 650 },
  { id: 2, name: 'Ayran', price: 250 },
  { id: 3, name: 'Banitsa', price: 480 },
  ...Array.from({ length: 22 }, (_, i) => ({
    id: 10 + i,
    name: `Dish ${i + 1}`,
    price: 1000 + ((i * 7) % 22),
  })),
];

const COLUMNS: Column<Dish>[] = [
  { id: 'name', header: 'Name', cell: (d) => d.name, sortValue: (d) => d.name },
  { id: 'price', header: 'Price', cell: (d) => String(d.price), sortValue: (d) => d.price, numeric: true },
  { id: 'note', header: 'Note', cell: () => '—' },
];

const LABELS: DataTableLabels = {
  search: 'Search',
  noResults: 'Nothing found',
  previous: 'Previous',
  next: 'Next',
  page: (page, pages, rows) => `Page ${page} of ${pages} · ${rows} rows`,
  sortBy: (column) => `Sort by ${column}`,
};

function renderTable(rows: Dish[] = DISHES, pageSize = 10) {
  render(
    <DataTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(d) => d.id}
      labels={LABELS}
      caption="Dishes"
      searchText={(d) => d.name}
      pageSize={pageSize}
    />,
  );
  return screen.getByRole('table', { name: 'Dishes' });
}

/** The first column's text of each body row. */
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

const header = (table: HTMLElement, name: string) =>
  within(table).getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable (issue 21 #4)', () => {
  test('a sortable header is a button: ascending, then descending, aria-sort says which; others stay unsorted', async () => {
    const user = userEvent.setup();
    const table = renderTable(DISHES.slice(0, 3));
    expect(names(table)).toEqual(['Crème brûlée', 'Ayran', 'Banitsa']);
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('none');
    expect(header(table, 'Note').getAttribute('aria-sort')).toBeNull();
    expect(within(header(table, 'Note')).queryByRole('button')).toBeNull();

    await user.click(within(table).getByRole('button', { name: /Name/ }));
    expect(names(table)).toEqual(['Ayran', 'Banitsa', 'Crème brûlée']);
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    expect(names(table)).toEqual(['Crème brûlée', 'Banitsa', 'Ayran']);
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('descending');

    // Another column: sorted by number (250 < 480 < 650), ascending first; the first column is unsorted again.
    await user.click(within(table).getByRole('button', { name: /Price/ }));
    expect(names(table)).toEqual(['Ayran', 'Banitsa', 'Crème brûlée']);
    expect(header(table, 'Price').getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('none');
    expect(within(table).getByRole('button', { name: /Price/ }).getAttribute('title')).toBe('Sort by Price');
  });

  test('numbers inside names sort as numbers (Dish 2 before Dish 10)', async () => {
    const user = userEvent.setup();
    const table = renderTable(DISHES.slice(3, 14), 20);
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    expect(names(table).slice(0, 3)).toEqual(['Dish 1', 'Dish 2', 'Dish 3']);
    expect(names(table).at(-1)).toBe('Dish 11');
  });

  test('the sort buttons work from the keyboard (Tab, Enter, Space)', async () => {
    const user = userEvent.setup();
    const table = renderTable(DISHES.slice(0, 3));
    await user.tab(); // the search box
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
    await user.tab();
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: /Name/ }));
    await user.keyboard('{Enter}');
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard(' ');
    expect(header(table, 'Name').getAttribute('aria-sort')).toBe('descending');
    await user.tab();
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: /Price/ }));
    await user.keyboard('{Enter}');
    expect(header(table, 'Price').getAttribute('aria-sort')).toBe('ascending');
  });

  test('search keeps rows with every word, ignores case and accents, and goes back to page 1', async () => {
    const user = userEvent.setup();
    const table = renderTable();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3 · 25 rows')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'CREME brulee');
    expect(names(table)).toEqual(['Crème brûlée']);
    expect(screen.getByText('Page 1 of 1 · 1 rows')).toBeTruthy();
    // One page: no paging buttons, the count stays while a query is typed.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'dish 1');
    // "Dish 1", "Dish 10"…"Dish 19": every word is in each.
    expect(names(table)).toHaveLength(10);
    expect(names(table).every((n) => /^Dish 1\d?$/.test(n ?? ''))).toBe(true);
  });

  test('pages of pageSize rows: Previous and Next are disabled at the ends; the count is announced', async () => {
    const user = userEvent.setup();
    const table = renderTable();
    expect(names(table)).toHaveLength(10);
    expect(names(table)[0]).toBe('Crème brûlée');
    const status = screen.getByText('Page 1 of 3 · 25 rows');
    expect(status.getAttribute('aria-live')).toBe('polite');
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await user.click(next);
    expect(screen.getByText('Page 2 of 3 · 25 rows')).toBeTruthy();
    expect(names(table)[0]).toBe('Dish 8');
    await user.click(next);
    expect(names(table)).toHaveLength(5);
    expect(names(table).at(-1)).toBe('Dish 22');
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
    await user.click(previous);
    expect(screen.getByText('Page 2 of 3 · 25 rows')).toBeTruthy();

    // Sorting starts again from page 1.
    await user.click(within(table).getByRole('button', { name: /Price/ }));
    expect(screen.getByText('Page 1 of 3 · 25 rows')).toBeTruthy();
    expect(names(table)[0]).toBe('Ayran');
  });

  test('empty: one row saying so across every column, no pager', async () => {
    const user = userEvent.setup();
    const table = renderTable([]);
    const cell = within(table).getByRole('cell', { name: 'Nothing found' });
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByText(/Page 1/)).toBeNull();

    // A search that finds nothing says the same, with the count.
    cleanup();
    const three = renderTable(DISHES.slice(0, 3));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pizza');
    expect(within(three).getByRole('cell', { name: 'Nothing found' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 · 0 rows')).toBeTruthy();
  });

  test('remote: the table only reports sort, page and query to the caller and shows the rows given', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onPage = vi.fn();
    const onQuery = vi.fn();
    function Remote() {
      const [sort, setSort] = useState<Sort>({ id: 'price', dir: 'asc' });
      return (
        <DataTable
          rows={DISHES.slice(0, 3)}
          columns={COLUMNS}
          rowKey={(d) => d.id}
          labels={LABELS}
          caption="Dishes"
          remote={{
            total: 95,
            page: 2,
            pageSize: 10,
            sort,
            onSort: (s) => {
              onSort(s);
              setSort(s);
            },
            onPage,
            query: '',
            onQuery,
          }}
        />
      );
    }
    render(<Remote />);
    const table = screen.getByRole('table', { name: 'Dishes' });
    // Not re-sorted on the client: the page as the server gave it.
    expect(names(table)).toEqual(['Crème brûlée', 'Ayran', 'Banitsa']);
    expect(screen.getByText('Page 2 of 10 · 95 rows')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /Price/ }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'price', dir: 'desc' });
    expect(header(table, 'Price').getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    expect(onQuery).toHaveBeenLastCalledWith('a');
  });
});
