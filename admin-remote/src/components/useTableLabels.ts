import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableLabels } from '@hive/shared/ui/table';

/** The data table's texts in the user's language. */
export function useTableLabels(): DataTableLabels {
  const { t } = useTranslation('login');
  return useMemo(
    () => ({
      previous: t('table.previous'),
      next: t('table.next'),
      pageOf: (page, pages) => t('table.pageOf', { page, pages }),
      range: (from, to, total) => t('table.range', { from, to, total }),
      rowsPerPage: t('table.rowsPerPage'),
      loading: t('common.loading'),
      sortAscending: t('table.sortAscending'),
      sortDescending: t('table.sortDescending'),
    }),
    [t],
  );
}
