import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { PRICE_ITEM_KINDS, type AdminBasePrice, type Page } from '@hive/shared/schemas/admin';
import { Alert, Button, EmptyState, PageFrame } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, formatDateTime, formatMoney, useTableLabels } from '../../components';
import { PriceDialog } from './PriceDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminBasePrice>();

export function BasePricesPage() {
  const { t, i18n } = useTranslation('login');
  const labels = useTableLabels();
  const list = useListParams(['kind'] as const);
  const query = useAdminQuery<Page<AdminBasePrice>>('/api/admin/base_prices', list.query);
  const [editing, setEditing] = useState<AdminBasePrice | null>(null);

  const columns = useMemo(
    () =>
      [
        column.accessor('name', { header: t('basePrices.item'), cell: (info) => <strong>{info.getValue()}</strong> }),
        column.accessor('kind', {
          header: t('basePrices.kind'),
          cell: (info) => t(`basePrices.kinds.${info.getValue()}`),
        }),
        column.accessor('monthlyPrice', {
          header: t('basePrices.monthlyPrice'),
          meta: { align: 'right' },
          cell: (info) => formatMoney(info.getValue(), i18n.language),
        }),
        column.accessor('updatedAt', {
          header: t('basePrices.updated'),
          cell: (info) => <span className={styles.nowrap}>{formatDateTime(info.getValue(), i18n.language)}</span>,
        }),
        column.accessor('updatedBy', {
          header: t('basePrices.updatedBy'),
          cell: (info) => info.getValue() ?? <span className={styles.muted}>{t('basePrices.system')}</span>,
        }),
        column.display({
          id: 'actions',
          header: t('common.actions'),
          cell: ({ row }) => (
            <Button size="small" onClick={() => setEditing(row.original)}>
              {t('basePrices.change')}
            </Button>
          ),
        }),
      ].map((c) => ({ ...c, enableSorting: false })),
    [t, i18n.language],
  );

  return (
    <PageFrame
      title={t('basePrices.title')}
      description={t('basePrices.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['base_prices.write']} />
      <DataTable
        caption={t('basePrices.title')}
        columns={columns}
        data={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        getRowId={(row) => `${row.kind}:${row.name}`}
        loading={query.loading}
        labels={labels}
        error={query.error ? <Alert kind="error">{describeProblem(t, query.error)}</Alert> : undefined}
        empty={<EmptyState plain title={t('common.noResults')} />}
        toolbar={
          <ListToolbar
            searchLabel={t('basePrices.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'kind',
                label: t('basePrices.kind'),
                value: list.filters.kind,
                options: PRICE_ITEM_KINDS.map((k) => ({ value: k, label: t(`basePrices.kinds.${k}`) })),
                onChange: (v) => list.setFilter('kind', v),
              },
            ]}
          />
        }
      />
      {editing && (
        <PriceDialog
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            query.reload();
          }}
        />
      )}
    </PageFrame>
  );
}
