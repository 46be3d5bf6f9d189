import { useCallback } from 'react';
import {
  REPORT_METRICS,
  type BreakdownRow,
  type CategoryBreakdownRow,
  type EmployeeBreakdownRow,
  type PaymentBreakdownRow,
  type ReportMetric,
  type SalesFigures,
  type SalesSummaryReport,
} from '@hive/shared/schemas/backoffice/reports';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import { useAreaT, withAreaTexts } from '../../../i18n';
import {
  KINDS,
  METRIC_OF,
  ReportFrame,
  ReportTable,
  changeColumn,
  receiptsHref,
  table,
  useReportParams,
  type FigureKey,
  type ReportColumn,
  type ReportFormat,
} from '../../../frames/report';
import { REPORTS_ENDPOINT } from '../api';

const LIVE = { topics: LIVE_PAGE_TOPICS['/sales'] };

const FIGURE_OF = Object.fromEntries(Object.entries(METRIC_OF).map(([figure, metric]) => [metric, figure])) as Record<
  ReportMetric,
  FigureKey
>;

interface SummaryRow {
  metric: ReportMetric;
  value: number | null;
  previous: number | null;
}

/** Columns "Previous period" and "Change" for a row's net sales, when comparing. */
function compared<T>(
  t: (key: string) => string,
  on: boolean,
  now: (row: T) => number,
  before: (row: T) => number | null,
): ReportColumn<T>[] {
  if (!on) return [];
  return [
    { id: 'previous', header: t('frame.previousNet'), kind: 'money', value: before },
    changeColumn<T>(t('frame.changeHeader'), now, before),
  ];
}

function useTables() {
  const { t } = useAreaT('reports');
  const { search } = useReportParams();
  return useCallback(
    (data: SalesSummaryReport, _format: ReportFormat) => {
      const comparing = data.totals.previous !== null;
      const figure = (f: SalesFigures | null, metric: ReportMetric) =>
        f ? (f[FIGURE_OF[metric]] as number | null) : null;
      const summary: SummaryRow[] = REPORT_METRICS.map((metric) => ({
        metric,
        value: figure(data.totals.current, metric),
        previous: figure(data.totals.previous, metric),
      }));
      const named = (key: string, name: string, none: string) => (key === 'none' ? t(none) : name);
      // A row's figure opens its receipts (not the rows without a key: no filter finds "none").
      const drill = <T,>(param: string, value: (r: T) => string, name: (r: T) => string) => ({
        href: (r: T) => (value(r) === 'none' ? null : receiptsHref(search, data.period, { [param]: value(r) })),
        linkLabel: (r: T) => t('drill.receipts', { what: name(r) }),
      });
      return [
        table<SummaryRow>({
          id: 'summary',
          title: t('sales.summary'),
          columns: [
            { id: 'metric', header: t('sales.metric'), kind: 'text', value: (r) => t(`metrics.${r.metric}`) },
            { id: 'value', header: t('sales.value'), kind: (r) => KINDS[FIGURE_OF[r.metric]], value: (r) => r.value },
            ...(comparing
              ? [
                  {
                    id: 'previous',
                    header: t('frame.previousPeriod'),
                    kind: (r: SummaryRow) => KINDS[FIGURE_OF[r.metric]],
                    value: (r: SummaryRow) => r.previous,
                  } satisfies ReportColumn<SummaryRow>,
                  changeColumn<SummaryRow>(
                    t('frame.changeHeader'),
                    (r) => r.value ?? 0,
                    (r) => (r.metric === 'margin' ? null : r.previous),
                  ),
                ]
              : []),
            {
              id: 'definition',
              header: t('sales.definition'),
              kind: 'text',
              wrap: true,
              value: (r) => t(`definitions.${r.metric}`),
            },
          ],
          rows: summary,
          empty: t('frame.noSales'),
        }),
        table<PaymentBreakdownRow>({
          id: 'payments',
          title: t('sales.byPayment'),
          columns: [
            { id: 'name', header: t('sales.paymentType'), kind: 'text', value: (r) => r.name },
            { id: 'payments', header: t('sales.payments'), kind: 'int', value: (r) => r.payments },
            { id: 'amount', header: t('sales.amount'), kind: 'money', value: (r) => r.amountCents },
            { id: 'tips', header: t('metrics.tips'), kind: 'money', value: (r) => r.tipsCents },
            { id: 'refunds', header: t('sales.refundCount'), kind: 'int', value: (r) => r.refunds },
            { id: 'refunded', header: t('sales.refunded'), kind: 'money', value: (r) => r.refundedCents },
            {
              id: 'net',
              header: t('sales.netCollected'),
              kind: 'money',
              value: (r) => r.netCents,
              ...drill(
                'paymentType',
                (r) => r.name,
                (r) => r.name,
              ),
            },
            ...compared<PaymentBreakdownRow>(
              t,
              comparing,
              (r) => r.netCents,
              (r) => r.previousNetCents,
            ),
          ],
          rows: data.payments,
          empty: t('frame.noSales'),
        }),
        table<BreakdownRow>({
          id: 'orderTypes',
          title: t('sales.byOrderType'),
          columns: [
            {
              id: 'name',
              header: t('sales.orderType'),
              kind: 'text',
              value: (r) => named(r.key, r.name, 'sales.noOrderType'),
            },
            { id: 'receipts', header: t('metrics.receipts'), kind: 'int', value: (r) => r.count },
            {
              id: 'net',
              header: t('metrics.netSales'),
              kind: 'money',
              value: (r) => r.netSalesCents,
              ...drill(
                'orderType',
                (r) => r.key,
                (r) => r.name,
              ),
            },
            ...compared<BreakdownRow>(
              t,
              comparing,
              (r) => r.netSalesCents,
              (r) => r.previousNetSalesCents,
            ),
          ],
          rows: data.orderTypes,
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
              value: (r) => named(r.key, r.name, 'sales.noCategory'),
            },
            { id: 'quantity', header: t('sales.quantity'), kind: 'int', value: (r) => r.quantity },
            {
              id: 'net',
              header: t('metrics.netSales'),
              kind: 'money',
              value: (r) => r.netSalesCents,
              ...drill(
                'category',
                (r) => r.key,
                (r) => r.name,
              ),
            },
            { id: 'cost', header: t('metrics.costOfGoods'), kind: 'money', value: (r) => r.costOfGoodsCents },
            { id: 'profit', header: t('metrics.grossProfit'), kind: 'money', value: (r) => r.grossProfitCents },
            ...compared<CategoryBreakdownRow>(
              t,
              comparing,
              (r) => r.netSalesCents,
              (r) => r.previousNetSalesCents,
            ),
          ],
          rows: data.categories,
          empty: t('frame.noSales'),
        }),
        table<EmployeeBreakdownRow>({
          id: 'employees',
          title: t('sales.byEmployee'),
          columns: [
            {
              id: 'name',
              header: t('frame.employee'),
              kind: 'text',
              value: (r) => named(r.key, r.name, 'sales.noEmployee'),
            },
            { id: 'receipts', header: t('metrics.receipts'), kind: 'int', value: (r) => r.receipts },
            {
              id: 'net',
              header: t('metrics.netSales'),
              kind: 'money',
              value: (r) => r.netSalesCents,
              ...drill(
                'employee',
                (r) => r.key,
                (r) => r.name,
              ),
            },
            { id: 'average', header: t('metrics.averageSale'), kind: 'money', value: (r) => r.averageSaleCents },
            { id: 'tips', header: t('metrics.tips'), kind: 'money', value: (r) => r.tipsCents },
            ...compared<EmployeeBreakdownRow>(
              t,
              comparing,
              (r) => r.netSalesCents,
              (r) => r.previousNetSalesCents,
            ),
          ],
          rows: data.employees,
          empty: t('frame.noSales'),
        }),
      ];
    },
    [t, search],
  );
}

function SalesSummaryPage() {
  const tables = useTables();
  return (
    <ReportFrame<SalesSummaryReport>
      path="/sales"
      endpoint={REPORTS_ENDPOINT.sales}
      defaultPeriod="last_30_days"
      tables={tables}
      // As the overview: a sale or refund rung up changes the figures on screen.
      live={LIVE}
    >
      {({ data, format }) => {
        const [summary, ...breakdowns] = tables(data, format);
        return (
          <>
            <ReportTable spec={summary!} format={format} />
            {breakdowns.map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', SalesSummaryPage);
