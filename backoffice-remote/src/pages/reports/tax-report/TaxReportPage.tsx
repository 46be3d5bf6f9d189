import { useCallback } from 'react';
import type { TaxReport, TaxReportRow } from '@hive/shared/schemas/backoffice/reports';
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

type Row =
  | (TaxReportRow & { total?: false })
  | (TaxReport['totals']['current'] & { total: true; previousNetTaxCents: number | null });

function useTables() {
  const { t } = useAreaT('reports');
  const { search } = useReportParams();
  return useCallback(
    (data: TaxReport, format: ReportFormat) => {
      const comparing = data.totals.previous !== null;
      const columns: ReportColumn<Row>[] = [
        { id: 'name', header: t('taxes.tax'), kind: 'text', value: (r) => (r.total ? t('frame.total') : r.name) },
        {
          id: 'rate',
          header: t('taxes.rate'),
          kind: 'text',
          value: (r) => (r.total ? '' : format.rate(r.rateBp / 100)),
        },
        {
          id: 'type',
          header: t('taxes.type'),
          kind: 'text',
          value: (r) => (r.total ? '' : t(`taxes.types.${r.type}`)),
        },
        { id: 'taxable', header: t('taxes.taxableSales'), kind: 'money', value: (r) => r.taxableSalesCents },
        { id: 'collected', header: t('taxes.collected'), kind: 'money', value: (r) => r.taxCollectedCents },
        {
          id: 'taxableRefunded',
          header: t('taxes.taxableRefunded'),
          kind: 'money',
          value: (r) => r.taxableRefundedCents,
        },
        { id: 'refunded', header: t('taxes.refunded'), kind: 'money', value: (r) => r.taxRefundedCents },
        { id: 'netTaxable', header: t('taxes.netTaxable'), kind: 'money', value: (r) => r.netTaxableCents },
        {
          id: 'netTax',
          header: t('taxes.netTax'),
          kind: 'money',
          value: (r) => r.netTaxCents,
          // A tax as charged: its rate and its name (two taxes may share a rate).
          href: (r) => (r.total ? null : receiptsHref(search, data.period, { taxRate: r.rateBp, tax: r.name })),
          linkLabel: (r) => (r.total ? '' : t('drill.receipts', { what: r.name })),
        },
      ];
      if (comparing) {
        columns.push(
          { id: 'previous', header: t('taxes.previousNetTax'), kind: 'money', value: (r) => r.previousNetTaxCents },
          changeColumn<Row>(
            t('frame.changeHeader'),
            (r) => r.netTaxCents,
            (r) => r.previousNetTaxCents,
          ),
        );
      }
      return [
        table<Row>({
          id: 'taxes',
          title: t('taxes.table'),
          columns,
          rows: data.rows,
          footer: {
            ...data.totals.current,
            total: true,
            previousNetTaxCents: data.totals.previous?.netTaxCents ?? null,
          },
          empty: t('taxes.none'),
        }),
      ];
    },
    [t, search],
  );
}

function TaxReportPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  return (
    <ReportFrame<TaxReport>
      path="/tax_report"
      endpoint={REPORTS_ENDPOINT.taxes}
      defaultPeriod="last_month"
      tables={tables}
    >
      {({ data, format }) => {
        const now = data.totals.current;
        const before = data.totals.previous;
        return (
          <>
            <p className={styles.note}>{t('taxes.note')}</p>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                {
                  id: 'collected',
                  label: t('taxes.collected'),
                  kind: 'money',
                  value: now.taxCollectedCents,
                  previous: before?.taxCollectedCents,
                },
                {
                  id: 'refunded',
                  label: t('taxes.refunded'),
                  kind: 'money',
                  value: now.taxRefundedCents,
                  previous: before?.taxRefundedCents,
                  inverse: true,
                },
                {
                  id: 'net',
                  label: t('taxes.netTax'),
                  kind: 'money',
                  value: now.netTaxCents,
                  previous: before?.netTaxCents,
                },
              ]}
            />
            {tables(data, format).map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', TaxReportPage);
