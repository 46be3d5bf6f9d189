import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { PRICE_ITEM_KINDS, type AdminBasePrice, type Page } from '@hive/shared/schemas/admin';
import { Button, PageFrame } from '@hive/shared/ui';
import { useAdminList } from '../../api';
import { BASE_PRICES_URL } from './api';
import { ListTable, ReadOnlyNote, formatDateTime, formatMoney, useRowDialog } from '../../components';
import { PriceDialog } from './PriceDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminBasePrice>();

export function BasePricesPage() {
  const { t, i18n } = useTranslation('login');
  const list = useAdminList<Page<AdminBasePrice>, 'kind'>(BASE_PRICES_URL.prices, ['kind']);
  const { dialog: editing, setDialog: setEditing, close, done } = useRowDialog<AdminBasePrice>(list.query.reload);

  const columns = useMemo(
    () => [
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
    ],
    [t, i18n.language, setEditing],
  );

  return (
    <PageFrame
      title={t('basePrices.title')}
      description={t('basePrices.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['base_prices.write']} />
      <ListTable
        list={list}
        caption={t('basePrices.title')}
        columns={columns}
        searchLabel={t('basePrices.search')}
        getRowId={(row) => `${row.kind}:${row.name}`}
        filters={[
          {
            name: 'kind',
            label: t('basePrices.kind'),
            options: PRICE_ITEM_KINDS.map((k) => ({ value: k, label: t(`basePrices.kinds.${k}`) })),
          },
        ]}
      />
      {editing && <PriceDialog item={editing} onClose={close} onSaved={done} />}
    </PageFrame>
  );
}
