import { useCallback } from 'react';
import type { StockMovementRow, StockMovementsReport, StockSummaryRow } from '@hive/shared/schemas/backoffice/reports';
import { SelectField } from '@hive/shared/ui';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { Kpis, ReportFrame, ReportTable, reportHref, table, type ReportFormat } from '../../../frames/report';
import { REPORTS_ENDPOINT } from '../api';
import styles from '../../../frames/report/frame.module.css';

const PATH = '/stock_movement';

/** Where the document behind a movement is shown (counts have no page of their own). */
function documentLink(r: StockMovementRow): string | null {
  const { type, id } = r.document;
  switch (type) {
    case 'receipt':
      return `/transaction?receipt=${id}`;
    case 'purchase_order':
      return `/purchase_orders?edit=${id}`;
    case 'transfer':
      return `/transfers?edit=${id}`;
    case 'adjustment':
      return `/adjustment?edit=${id}`;
    case 'production_order':
      return `/production_orders?edit=${id}`;
    default:
      return null;
  }
}

function useTables() {
  const { t } = useAreaT('reports');
  return useCallback(
    (data: StockMovementsReport, format: ReportFormat, search = '') => {
      const itemLink = (id: number) => reportHref(PATH, search, { item: id, page: null });
      if (data.item) {
        return [
          table<StockMovementRow>({
            id: 'movements',
            title: t('stock.movementsOf', { name: data.item.name }),
            columns: [
              { id: 'time', header: t('transactions.time'), kind: 'text', value: (r) => format.stamp(r.localTime) },
              {
                id: 'kind',
                header: t('stock.kind'),
                kind: 'text',
                value: (r) =>
                  r.reason
                    ? `${t(`stock.kinds.${r.kind}`)} (${t(`stock.reasons.${r.reason}`, { defaultValue: r.reason })})`
                    : t(`stock.kinds.${r.kind}`),
              },
              {
                id: 'document',
                header: t('stock.document'),
                kind: 'text',
                value: (r) => `${t(`stock.documents.${r.document.type}`)} #${r.document.number ?? r.document.id}`,
                href: (r) => documentLink(r),
              },
              { id: 'warehouse', header: t('stock.warehouse'), kind: 'text', value: (r) => r.warehouse },
              { id: 'location', header: t('frame.location'), kind: 'text', value: (r) => r.location ?? '' },
              { id: 'quantity', header: t('stock.quantity'), kind: 'int', value: (r) => r.quantity },
              { id: 'balance', header: t('stock.balance'), kind: 'int', value: (r) => r.balance },
            ],
            rows: data.rows,
            empty: t('stock.noMovements'),
          }),
        ];
      }
      return [
        table<StockSummaryRow>({
          id: 'summary',
          title: t('stock.summary'),
          columns: [
            {
              id: 'item',
              header: t('items.item'),
              kind: 'text',
              value: (r) => r.name,
              href: (r) => itemLink(r.itemId),
            },
            { id: 'warehouse', header: t('stock.warehouse'), kind: 'text', value: (r) => r.warehouse },
            {
              id: 'location',
              header: t('frame.location'),
              kind: 'text',
              value: (r) => r.location ?? t('stock.noLocation'),
            },
            { id: 'opening', header: t('stock.opening'), kind: 'int', value: (r) => r.opening },
            { id: 'in', header: t('stock.in'), kind: 'int', value: (r) => r.in },
            { id: 'out', header: t('stock.out'), kind: 'int', value: (r) => r.out },
            { id: 'change', header: t('stock.change'), kind: 'int', value: (r) => r.change },
            { id: 'closing', header: t('stock.closing'), kind: 'int', value: (r) => r.closing },
          ],
          rows: data.summary,
          empty: t('stock.noMovements'),
        }),
      ];
    },
    [t],
  );
}

function StockMovementsPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  return (
    <ReportFrame<StockMovementsReport>
      path={PATH}
      endpoint={REPORTS_ENDPOINT.stockMovements}
      defaultPeriod="last_30_days"
      exportAll
      tables={(data, format) => tables(data, format)}
      filters={({ data, values, update }) => (
        <>
          <SelectField
            label={t('stock.item')}
            className={styles.filter}
            value={values.item ?? ''}
            onChange={(e) => update({ item: e.target.value || null })}
            placeholder={t('stock.allItems')}
            options={[
              ...(data?.items ?? []).map((x) => ({ value: String(x.id), label: x.name })),
              ...(values.item && !(data?.items ?? []).some((x) => String(x.id) === values.item)
                ? [{ value: values.item, label: values.item }]
                : []),
            ]}
          />
          <SelectField
            label={t('stock.warehouse')}
            className={styles.filter}
            value={values.warehouse ?? ''}
            onChange={(e) => update({ warehouse: e.target.value || null })}
            placeholder={t('stock.allWarehouses')}
            options={[
              ...(data?.warehouses ?? []).map((x) => ({ value: String(x.id), label: x.name })),
              ...(values.warehouse && !(data?.warehouses ?? []).some((x) => String(x.id) === values.warehouse)
                ? [{ value: values.warehouse, label: values.warehouse }]
                : []),
            ]}
          />
        </>
      )}
    >
      {({ data, format, update, search }) => {
        const now = data.totals.current;
        const before = data.totals.previous;
        const [spec] = tables(data, format, search);
        return (
          <>
            <p className={styles.note}>{t('stock.note')}</p>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                { id: 'in', label: t('stock.in'), kind: 'int', value: now.in, previous: before?.in },
                { id: 'out', label: t('stock.out'), kind: 'int', value: now.out, previous: before?.out },
                { id: 'change', label: t('stock.change'), kind: 'int', value: now.change, previous: before?.change },
                { id: 'sold', label: t('stock.sold'), kind: 'int', value: now.sold, previous: before?.sold },
              ]}
            />
            <ReportTable
              spec={spec!}
              format={format}
              pager={
                data.item
                  ? {
                      page: data.page,
                      pageSize: data.pageSize,
                      total: data.total,
                      onPage: (page) => update({ page: page === 1 ? null : String(page) }),
                    }
                  : undefined
              }
            />
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', StockMovementsPage);
