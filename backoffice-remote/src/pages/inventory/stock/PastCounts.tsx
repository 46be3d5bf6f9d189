import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import type { StockCount, StockCountSummary } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, Button, EmptyState } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { failureKind, useApi } from '../../../api';
import { useAreaT, useTableLabels } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_URL } from '../api';
import { StockFrame, useStockParams } from './StockFrame';

const PAGE_SIZE = 20;

/** Counts applied on this page, newest first (`?counts=all`); each opens read-only (`?counts=<id>`). */
export function PastCounts() {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  const tableLabels = useTableLabels();
  const failure = useFailureMessage('inventory:stock');
  const { href } = useStockParams();
  const counts = useApi<{ rows: StockCountSummary[] }>(INVENTORY_URL.counts);
  const [page, setPage] = useState(1);
  const rows = counts.data?.rows ?? [];

  const columns = useMemo<ColumnDef<StockCountSummary, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('columns.number'),
        cell: ({ row }) => `#${row.original.number}`,
      },
      {
        id: 'createdAt',
        header: t('columns.date'),
        cell: ({ row }) => <span className={styles.nowrap}>{format.dateTime(row.original.createdAt)}</span>,
      },
      { id: 'warehouse', header: t('fields.warehouse'), cell: ({ row }) => row.original.warehouseName },
      { id: 'by', header: t('stock.columns.countedBy'), cell: ({ row }) => row.original.createdBy ?? '—' },
      {
        id: 'items',
        header: t('stock.columns.items'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.itemCount),
      },
      {
        id: 'difference',
        header: t('stock.columns.difference'),
        meta: { align: 'right' },
        cell: ({ row }) => format.signed(row.original.unitsDifference),
      },
      {
        id: 'valueDifference',
        header: t('stock.columns.valueDifference'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.signedMoney(row.original.valueDifference)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className={styles.srOnly}>{t('common:common.actions')}</span>,
        cell: ({ row }) => (
          <Link to={href({ counts: String(row.original.id) })}>
            {t('common:common.open')}
            <span className={styles.srOnly}> {t('stock.countNumber', { number: row.original.number })}</span>
          </Link>
        ),
      },
    ],
    [t, format, href],
  );

  return (
    <StockFrame
      title={t('stock.pastCounts')}
      crumbs={[t('stock.pastCounts')]}
      description={t('stock.pastCountsDescription')}
      actions={<BackLink to={href({ counts: null })} label={t('stock.backToStock')} />}
    >
      <DataTable<StockCountSummary>
        caption={t('stock.pastCountsCaption')}
        columns={columns}
        data={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        total={rows.length}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizes={[PAGE_SIZE]}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={setPage}
        getRowId={(r) => String(r.id)}
        loading={counts.loading}
        labels={tableLabels}
        unpaged={rows.length <= PAGE_SIZE}
        error={
          counts.error ? (
            <Alert kind="error" action={<Button onClick={counts.reload}>{t('common:common.tryAgain')}</Button>}>
              {failure(counts.error)}
            </Alert>
          ) : undefined
        }
        empty={
          <EmptyState
            plain
            level={3}
            title={t('stock.pastCountsEmptyTitle')}
            message={t('stock.pastCountsEmptyMessage')}
          />
        }
      />
    </StockFrame>
  );
}

/** One past count, read-only: who, when, where, and each line's expected, counted and difference. */
export function CountView({ id }: { id: number }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  const failure = useFailureMessage('inventory:stock');
  const { href } = useStockParams();
  const count = useApi<StockCount>(INVENTORY_URL.count(id));
  const data = count.data;
  const name = data ? t('stock.countNumber', { number: data.number }) : undefined;
  const units = data?.lines.reduce((sum, l) => sum + l.difference, 0) ?? 0;

  return (
    <StockFrame
      title={name ?? t('stock.pastCounts')}
      crumbs={[t('stock.pastCounts'), ...(name ? [name] : [])]}
      actions={<BackLink to={href({ counts: 'all' })} label={t('stock.backToCounts')} />}
    >
      {count.error ? (
        <Alert kind="error" action={<Button onClick={count.reload}>{t('common:common.tryAgain')}</Button>}>
          {failureKind(count.error) === 'notFound' ? t('stock.countNotFound') : failure(count.error)}
        </Alert>
      ) : !data ? (
        <p role="status">{t('common:common.loading')}</p>
      ) : (
        <div className={styles.card}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('fields.warehouse')}</dt>
              <dd>{data.warehouseName}</dd>
            </div>
            <div>
              <dt>{t('stock.columns.countedBy')}</dt>
              <dd>{[data.createdBy, format.dateTime(data.createdAt)].filter(Boolean).join(' · ')}</dd>
            </div>
            <div>
              <dt>{t('stock.columns.items')}</dt>
              <dd>{format.integer(data.lines.length)}</dd>
            </div>
            <div>
              <dt>{t('stock.columns.difference')}</dt>
              <dd>{format.signed(units)}</dd>
            </div>
            <div>
              <dt>{t('stock.columns.valueDifference')}</dt>
              <dd>{format.signedMoney(data.valueDifference)}</dd>
            </div>
          </dl>
          {data.note && <p>{data.note}</p>}
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className={styles.srOnly}>{t('stock.countLines', { number: data.number })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.item')}</th>
                  <th scope="col" className={styles.num}>
                    {t('stock.columns.expected')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('stock.columns.counted')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('stock.columns.difference')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.itemId}>
                    <td>{line.itemName}</td>
                    <td className={styles.num}>{format.integer(line.expected)}</td>
                    <td className={styles.num}>{format.integer(line.counted)}</td>
                    <td className={styles.num}>{format.signed(line.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </StockFrame>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className={styles.linkButton} to={to}>
      <ArrowLeft size={16} aria-hidden="true" />
      {label}
    </Link>
  );
}
