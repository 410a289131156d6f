/**
 * A table for lists that grow (products, users, the audit trail): a search box over the rows' text, sorting by a
 * column (its header is a button; aria-sort says the order) and pages of `pageSize` rows. Everything happens on
 * the rows given; the texts come from the caller (the console's language).
 */
import { useMemo, useState, type ReactNode } from 'react';
import s from './console.module.css';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** makes the column sortable */
  sortValue?: (row: T) => string | number;
  /** right-aligned numbers */
  numeric?: boolean;
}

export interface DataTableLabels {
  search: string;
  noResults: string;
  previous: string;
  next: string;
  /** "Page 2 of 5 · 87 rows" */
  page: (page: number, pages: number, rows: number) => string;
  /** "Sort by Name" */
  sortBy: (column: string) => string;
}

type Sort = { id: string; dir: 'asc' | 'desc' } | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rows matching every word of the query (case- and accent-insensitive), sorted, then the page asked for. */
export function tableView<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  opts: { query: string; searchText?: (row: T) => string; sort: Sort; page: number; pageSize: number },
) {
  const fold = (x: string) =>
    x
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const words = fold(opts.query).split(/\s+/).filter(Boolean);
  let view =
    words.length && opts.searchText
      ? rows.filter((r) => {
          const text = fold(opts.searchText!(r));
          return words.every((w) => text.includes(w));
        })
      : [...rows];
  const col = opts.sort && columns.find((c) => c.id === opts.sort!.id);
  if (col?.sortValue) {
    const key = col.sortValue;
    const sign = opts.sort!.dir === 'asc' ? 1 : -1;
    view = [...view].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)))
      );
    });
  }
  const pages = Math.max(1, Math.ceil(view.length / opts.pageSize));
  const page = Math.min(Math.max(1, opts.page), pages);
  return {
    total: view.length,
    pages,
    page,
    rows: view.slice((page - 1) * opts.pageSize, page * opts.pageSize),
  };
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  labels,
  caption,
  searchText,
  pageSize = 20,
  initialSort = null,
  rowProps,
  toolbar,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  labels: DataTableLabels;
  /** the table's accessible name */
  caption: string;
  /** the text a search looks in; no search box without it */
  searchText?: (row: T) => string;
  pageSize?: number;
  initialSort?: Sort;
  rowProps?: (row: T) => Record<string, string | undefined>;
  /** more controls beside the search box (filters) */
  toolbar?: ReactNode;
}) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>(initialSort);
  const [page, setPage] = useState(1);
  const view = useMemo(
    () => tableView(rows, columns, { query, searchText, sort, page, pageSize }),
    [rows, columns, query, searchText, sort, page, pageSize],
  );
  const toggle = (id: string) => {
    setSort((cur) => (cur?.id === id ? { id, dir: cur.dir === 'asc' ? 'desc' : 'asc' } : { id, dir: 'asc' }));
    setPage(1);
  };
  return (
    <div className={s.dataTable}>
      {(searchText || toolbar) && (
        <div className={s.tableToolbar}>
          {searchText && (
            <input
              type="search"
              className={s.search}
              aria-label={labels.search}
              placeholder={labels.search}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(1);
              }}
            />
          )}
          {toolbar}
        </div>
      )}
      <div className={s.tableScroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const dir = sort?.id === c.id ? sort.dir : null;
                return (
                  <th
                    key={c.id}
                    scope="col"
                    data-numeric={c.numeric || undefined}
                    aria-sort={
                      dir ? (dir === 'asc' ? 'ascending' : 'descending') : c.sortValue ? 'none' : undefined
                    }
                  >
                    {c.sortValue ? (
                      <button
                        type="button"
                        className={s.sortButton}
                        title={labels.sortBy(c.header)}
                        onClick={() => toggle(c.id)}
                      >
                        {c.header}
                        <span aria-hidden="true" className={s.sortMark} data-dir={dir ?? undefined}>
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={s.emptyCell}>
                  {labels.noResults}
                </td>
              </tr>
            ) : (
              view.rows.map((row) => (
                <tr key={rowKey(row)} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <td key={c.id} data-numeric={c.numeric || undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {(view.pages > 1 || query) && (
        <div className={s.pager}>
          <span aria-live="polite">{labels.page(view.page, view.pages, view.total)}</span>
          {view.pages > 1 && (
            <span className={s.pagerButtons}>
              <button
                type="button"
                className={s.secondary}
                disabled={view.page <= 1}
                onClick={() => setPage(view.page - 1)}
              >
                {labels.previous}
              </button>
              <button
                type="button"
                className={s.secondary}
                disabled={view.page >= view.pages}
                onClick={() => setPage(view.page + 1)}
              >
                {labels.next}
              </button>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
