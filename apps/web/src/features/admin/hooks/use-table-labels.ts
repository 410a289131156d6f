import { useMemo } from 'react';
import type { DataTableLabels } from '../../../components/ui/data-table.tsx';
import { useAdminT } from './use-admin-texts.ts';

/** The data table's texts in the console's language. */
export function useTableLabels(): DataTableLabels {
  const t = useAdminT();
  return useMemo(
    () => ({
      search: t('table.search'),
      noResults: t('table.noResults'),
      previous: t('table.previous'),
      next: t('table.next'),
      page: (page, pages, count) => t('table.page', { page, pages, count }),
      sortBy: (column) => t('table.sortBy', { column }),
    }),
    [t],
  );
}
