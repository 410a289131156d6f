/**
 * A table for lists that grow (products, users, the audit trail): a search box over the rows' text, sorting by a
 * column (its header is a button; aria-sort says the order) and pages of `pageSize` rows. Everything happens on
 * the rows given, or, with `remote`, on the server (the rows are the page); the texts come from the caller.
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

export type Sort = { id: string; dir: 'asc' | 'desc' } | null;

/**
 * A list searched, sorted and paged by the server (the admin's orders): the rows given are the page, and the table
 * only reports what the user asks for. The search box's text, the sort and the page are the caller's state.
 */
export interface RemoteTable {
  total: number;
  page: number;
  pageSize: number;
  sort: Sort;
  onSort: (sort: Sort) => void;
  onPage: (page: number) => void;
  query: string;
  onQuery: (query: string) => void;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rows matching every word of the query (case- and accent-insensitive), sorted, then the page asked for. */
function tableView<T>(
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
  remote,
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
  /** searched, sorted and paged by the server: `rows` is the page */
  remote?: RemoteTable;
}) {
  const [localQuery, setLocalQuery] = useState('');
  const [localSort, setLocalSort] = useState<Sort>(initialSort);
  const [localPage, setPage] = useState(1);
  const query = remote ? remote.query : localQuery;
  const sort = remote ? remote.sort : localSort;
  const local = useMemo(
    () => (remote ? null : tableView(rows, columns, { query, searchText, sort, page: localPage, pageSize })),
    [remote, rows, columns, query, searchText, sort, localPage, pageSize],
  );
  const view = local ?? {
    rows,
    total: remote!.total,
    page: remote!.page,
    pages: Math.max(1, Math.ceil(remote!.total / remote!.pageSize)),
  };
  const goTo = (page: number) => (remote ? remote.onPage(page) : setPage(page));
  const setQuery = (q: string) => {
    if (remote) remote.onQuery(q);
    else {
      setLocalQuery(q);
      setPage(1);
    }
  };
  const toggle = (id: string) => {
    const next: Sort =
      sort?.id === id ? { id, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { id, dir: 'asc' };
    if (remote) remote.onSort(next);
    else {
      setLocalSort(next);
      setPage(1);
    }
  };
  return (
    <div className={s.dataTable}>
      {(searchText || remote || toolbar) && (
        <div className={s.tableToolbar}>
          {(searchText || remote) && (
            <input
              type="search"
              className={s.search}
              aria-label={labels.search}
              placeholder={labels.search}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
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
                onClick={() => goTo(view.page - 1)}
              >
                {labels.previous}
              </button>
              <button
                type="button"
                className={s.secondary}
                disabled={view.page >= view.pages}
                onClick={() => goTo(view.page + 1)}
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
