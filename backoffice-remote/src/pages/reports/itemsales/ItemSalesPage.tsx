import { useCallback } from 'react';
import type {
  CategoryBreakdownRow,
  ItemSalesReport,
  ItemSalesRow,
  ModifierSalesRow,
} from '@hive/shared/schemas/backoffice/reports';
import { useAreaT, withAreaTexts } from '../../../i18n';
import {
  Kpis,
  ReportFrame,
  ReportTable,
  changeColumn,
  receiptsHref,
  table,
  useReportParams,
  type ReportColumn,
  type ReportFormat,
} from '../../../frames/report';
import { REPORTS_ENDPOINT } from '../api';
import styles from '../../../frames/report/frame.module.css';

const TOP = 5;

function useTables() {
  const { t } = useAreaT('reports');
  const { search } = useReportParams();
  return useCallback(
    (data: ItemSalesReport, _format: ReportFormat) => {
      const comparing = data.totals.previous !== null;
      const itemColumns = (withPrevious: boolean): ReportColumn<ItemSalesRow>[] => [
        { id: 'name', header: t('items.item'), kind: 'text', value: (r) => r.name },
        {
          id: 'category',
          header: t('sales.category'),
          kind: 'text',
          value: (r) => r.category ?? t('sales.noCategory'),
        },
        { id: 'sold', header: t('items.sold'), kind: 'int', value: (r) => r.soldQuantity },
        { id: 'refunded', header: t('items.refunded'), kind: 'int', value: (r) => r.refundedQuantity },
        {
          id: 'net',
          header: t('metrics.netSales'),
          kind: 'money',
          value: (r) => r.netSalesCents,
          // Lines sold without a catalog item have no id to filter by.
          href: (r) => (r.itemId === null ? null : receiptsHref(search, data.period, { item: r.itemId })),
          linkLabel: (r) => t('drill.receipts', { what: r.name }),
        },
        { id: 'cost', header: t('metrics.costOfGoods'), kind: 'money', value: (r) => r.costOfGoodsCents },
        { id: 'profit', header: t('metrics.grossProfit'), kind: 'money', value: (r) => r.grossProfitCents },
        { id: 'margin', header: t('metrics.margin'), kind: 'percent', value: (r) => r.margin },
        ...(withPrevious
          ? [
              {
                id: 'previous',
                header: t('frame.previousNet'),
                kind: 'money',
                value: (r: ItemSalesRow) => r.previousNetSalesCents,
              } satisfies ReportColumn<ItemSalesRow>,
              changeColumn<ItemSalesRow>(
                t('frame.changeHeader'),
                (r) => r.netSalesCents,
                (r) => r.previousNetSalesCents,
              ),
            ]
          : []),
      ];
      const selling = data.items.filter((i) => i.soldQuantity > 0);
      const top = selling.slice(0, TOP);
      const bottom = selling.length > TOP ? [...selling].reverse().slice(0, TOP) : [];
      const short = (withPrevious: boolean) =>
        itemColumns(withPrevious).filter((c) => ['name', 'sold', 'net', 'margin', 'change'].includes(c.id));
      return [
        table<ItemSalesRow>({
          id: 'top',
          title: t('items.top'),
          columns: short(comparing),
          rows: top,
          empty: t('frame.noSales'),
        }),
        table<ItemSalesRow>({
          id: 'bottom',
          title: t('items.bottom'),
          columns: short(comparing),
          rows: bottom,
          empty: t('items.tooFew'),
        }),
        table<ItemSalesRow>({
          id: 'items',
          title: t('items.all'),
          columns: itemColumns(comparing),
          rows: data.items,
          empty: t('frame.noSales'),
        }),
        table<CategoryBreakdownRow>({
          id: 'categories',
          title: t('sales.byCategory'),
          columns: [
            {
              id: 'name',
              header: t('sales.category'),
              kind: 'text',
              value: (r) => (r.key === 'none' ? t('sales.noCategory') : r.name),
            },
            { id: 'quantity', header: t('sales.quantity'), kind: 'int', value: (r) => r.quantity },
            {
              id: 'net',
              header: t('metrics.netSales'),
              kind: 'money',
              value: (r) => r.netSalesCents,
              href: (r) => (r.key === 'none' ? null : receiptsHref(search, data.period, { category: r.key })),
              linkLabel: (r) => t('drill.receipts', { what: r.name }),
            },
            { id: 'cost', header: t('metrics.costOfGoods'), kind: 'money', value: (r) => r.costOfGoodsCents },
            { id: 'profit', header: t('metrics.grossProfit'), kind: 'money', value: (r) => r.grossProfitCents },
            {
              id: 'margin',
              header: t('metrics.margin'),
              kind: 'percent',
              value: (r) => (r.netSalesCents === 0 ? null : r.grossProfitCents / r.netSalesCents),
            },
          ],
          rows: data.categories,
          empty: t('frame.noSales'),
        }),
        table<ModifierSalesRow>({
          id: 'modifiers',
          title: t('items.modifiers'),
          columns: [
            { id: 'name', header: t('items.modifier'), kind: 'text', value: (r) => r.name },
            { id: 'sold', header: t('items.sold'), kind: 'int', value: (r) => r.soldQuantity },
            { id: 'refunded', header: t('items.refunded'), kind: 'int', value: (r) => r.refundedQuantity },
            { id: 'amount', header: t('items.modifierAmount'), kind: 'money', value: (r) => r.amountCents },
          ],
          rows: data.modifiers,
          empty: t('items.noModifiers'),
        }),
      ];
    },
    [t, search],
  );
}

function ItemSalesPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  return (
    <ReportFrame<ItemSalesReport>
      path="/itemsales"
      endpoint={REPORTS_ENDPOINT.itemSales}
      defaultPeriod="last_30_days"
      tables={tables}
    >
      {({ data, format }) => {
        const now = data.totals.current;
        const before = data.totals.previous;
        const [top, bottom, ...rest] = tables(data, format);
        const margin = (x: typeof now) => (x.netSalesCents === 0 ? null : x.grossProfitCents / x.netSalesCents);
        return (
          <>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                {
                  id: 'sold',
                  label: t('items.sold'),
                  kind: 'int',
                  value: now.soldQuantity,
                  previous: before?.soldQuantity,
                },
                {
                  id: 'refunded',
                  label: t('items.refunded'),
                  kind: 'int',
                  value: now.refundedQuantity,
                  previous: before?.refundedQuantity,
                  inverse: true,
                },
                {
                  id: 'net',
                  label: t('metrics.netSales'),
                  kind: 'money',
                  value: now.netSalesCents,
                  previous: before?.netSalesCents,
                },
                {
                  id: 'cost',
                  label: t('metrics.costOfGoods'),
                  kind: 'money',
                  value: now.costOfGoodsCents,
                  previous: before?.costOfGoodsCents,
                },
                {
                  id: 'profit',
                  label: t('metrics.grossProfit'),
                  kind: 'money',
                  value: now.grossProfitCents,
                  previous: before?.grossProfitCents,
                },
                { id: 'margin', label: t('metrics.margin'), kind: 'percent', value: margin(now) },
              ]}
            />
            <div className={styles.columns}>
              <ReportTable spec={top!} format={format} />
              <ReportTable spec={bottom!} format={format} />
            </div>
            {rest.map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', ItemSalesPage);
