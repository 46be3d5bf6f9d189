import { lazy, Suspense, useCallback } from 'react';
import type {
  Grouping,
  SalesFigures,
  SalesPerDayReport,
  SalesPerDayRow,
} from '@hive/shared/schemas/backoffice/reports';
import { useAreaT, withAreaTexts } from '../../../i18n';
import {
  Kpis,
  ReportFrame,
  ReportTable,
  bucketDays,
  changeColumn,
  receiptsHref,
  table,
  useMetricColumns,
  useReportParams,
  type ReportColumn,
  type ReportFormat,
} from '../../../frames/report';
import { REPORTS_ENDPOINT } from '../api';
import styles from '../../../frames/report/frame.module.css';

// recharts is heavy: only the pages with a chart download it, once their figures are there.
const SalesChart = lazy(() => import('./SalesChart'));

const GROUPINGS: readonly Grouping[] = ['day', 'hour', 'week', 'month'];

type Row =
  | (SalesPerDayRow & { total?: false; previousNet: number | null })
  | (SalesFigures & { total: true; previousNet: number | null });

function useBucketLabel() {
  const { t } = useAreaT('reports');
  return useCallback(
    (row: SalesPerDayRow, group: Grouping, format: ReportFormat) => {
      switch (group) {
        case 'hour':
          return `${format.weekday(row.date)} ${format.hour(row.hour ?? 0)}`;
        case 'week':
          return t('perDay.weekOf', { date: format.date(row.date) });
        case 'month':
          return format.month(row.date);
        default:
          return format.weekday(row.date);
      }
    },
    [t],
  );
}

function useTables() {
  const { t } = useAreaT('reports');
  const metrics = useMetricColumns();
  const label = useBucketLabel();
  const { search } = useReportParams();
  return useCallback(
    (data: SalesPerDayReport, format: ReportFormat) => {
      const group = data.group ?? 'day';
      // Bucket k of the period against bucket k of the previous one (same grouping, same length).
      const aligned = data.previousRows && data.previousRows.length === data.rows.length ? data.previousRows : null;
      const rows: Row[] = data.rows.map((r, k) => ({
        ...r,
        total: false,
        previousNet: aligned ? aligned[k]!.netSalesCents : null,
      }));
      // Net sales opens the bucket's receipts (an hour opens its day: the list has no hours).
      const days = (r: Row) =>
        r.total ? data.period : bucketDays(r.date, group === 'hour' ? 'day' : group, data.period);
      const drill = (r: Row) => {
        const d = days(r);
        return receiptsHref(search, { preset: r.total ? data.period.preset : 'custom', ...d });
      };
      const drillLabel = (r: Row) =>
        t('drill.receipts', { what: r.total ? t('frame.total') : label(r, group === 'hour' ? 'day' : group, format) });
      const columns: ReportColumn<Row>[] = [
        {
          id: 'bucket',
          header: t(`perDay.bucket.${group}`),
          kind: 'text',
          value: (r) => (r.total ? t('frame.total') : label(r, group, format)),
        },
        ...metrics<Row>([
          'receipts',
          'grossSalesCents',
          'discountsCents',
          'refundsCents',
          'netSalesCents',
          'taxesCents',
          'tipsCents',
          'averageSaleCents',
        ]).map((c) => (c.id === 'netSalesCents' ? { ...c, href: drill, linkLabel: drillLabel } : c)),
      ];
      if (data.totals.previous) {
        columns.push(
          { id: 'previousNet', header: t('frame.previousNet'), kind: 'money', value: (r) => r.previousNet },
          changeColumn<Row>(
            t('frame.changeHeader'),
            (r) => r.netSalesCents,
            (r) => r.previousNet,
          ),
        );
      }
      return [
        table<Row>({
          id: 'perDay',
          title: t('perDay.table'),
          columns,
          rows,
          footer: { ...data.totals.current, total: true, previousNet: data.totals.previous?.netSalesCents ?? null },
          empty: t('frame.noSales'),
        }),
      ];
    },
    [t, metrics, label, search],
  );
}

function SalesPerDayPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  const label = useBucketLabel();
  return (
    <ReportFrame<SalesPerDayReport>
      path="/salesperday"
      endpoint={REPORTS_ENDPOINT.salesPerDay}
      defaultPeriod="last_30_days"
      groupings={GROUPINGS}
      tables={tables}
    >
      {({ data, format }) => {
        const now = data.totals.current;
        const before = data.totals.previous;
        const group = data.group ?? 'day';
        const aligned = data.previousRows && data.previousRows.length === data.rows.length ? data.previousRows : null;
        return (
          <>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                {
                  id: 'net',
                  label: t('metrics.netSales'),
                  kind: 'money',
                  value: now.netSalesCents,
                  previous: before?.netSalesCents,
                },
                {
                  id: 'receipts',
                  label: t('metrics.receipts'),
                  kind: 'int',
                  value: now.receipts,
                  previous: before?.receipts,
                },
                {
                  id: 'average',
                  label: t('metrics.averageSale'),
                  kind: 'money',
                  value: now.averageSaleCents,
                  previous: before?.averageSaleCents,
                },
                {
                  id: 'refunds',
                  label: t('metrics.refunds'),
                  kind: 'money',
                  value: now.refundsCents,
                  previous: before?.refundsCents,
                  inverse: true,
                },
                {
                  id: 'taxes',
                  label: t('metrics.taxes'),
                  kind: 'money',
                  value: now.taxesCents,
                  previous: before?.taxesCents,
                },
                {
                  id: 'tips',
                  label: t('metrics.tips'),
                  kind: 'money',
                  value: now.tipsCents,
                  previous: before?.tipsCents,
                },
              ]}
            />
            <section className={styles.panel} aria-label={t('perDay.chart')}>
              <Suspense fallback={<div className={styles.chartPlaceholder}>{t('common:common.loading')}</div>}>
                <SalesChart
                  data={data.rows.map((r, k) => ({
                    label: label(r, group, format),
                    net: r.netSalesCents,
                    previous: aligned ? aligned[k]!.netSalesCents : null,
                  }))}
                  money={format.cents}
                  compactMoney={format.compactMoney}
                  labels={{ net: t('metrics.netSales'), previous: t('frame.previousNet') }}
                />
              </Suspense>
            </section>
            {tables(data, format).map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', SalesPerDayPage);
