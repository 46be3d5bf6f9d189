import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { LaborDayRow, LaborReport, LaborRow } from '@hive/shared/schemas/backoffice/scheduling';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { Kpis, ReportFrame, ReportTable, table, type ReportColumn, type ReportFormat } from '../../reports/frame';

/** Scheduled against worked hours and what they cost, the columns every table of the report shares. */
function useHourColumns() {
  const { t } = useAreaT('labor');
  return useCallback(
    <T extends LaborRow>(): ReportColumn<T>[] => [
      { id: 'scheduled', header: t('labor.scheduled'), kind: 'hours', value: (r) => r.scheduledMinutes },
      { id: 'actual', header: t('labor.actual'), kind: 'hours', value: (r) => r.actualMinutes },
      {
        id: 'difference',
        header: t('labor.difference'),
        kind: 'hours',
        value: (r) => r.actualMinutes - r.scheduledMinutes,
      },
      { id: 'cost', header: t('labor.cost'), kind: 'money', value: (r) => r.costCents },
    ],
    [t],
  );
}

const percentOf = (bp: number | null) => (bp === null ? null : bp / 10_000);

function useTables() {
  const { t } = useAreaT('labor');
  const hours = useHourColumns();
  return useCallback(
    (data: LaborReport, format: ReportFormat) => {
      const label = (header: string): ReportColumn<LaborRow> => ({
        id: 'label',
        header,
        kind: 'text',
        value: (r) => r.label || t('labor.noPosition'),
      });
      return [
        table<LaborRow>({
          id: 'employees',
          title: t('labor.byEmployee'),
          columns: [label(t('labor.employee')), ...hours<LaborRow>()],
          rows: data.byEmployee,
          footer: { ...data.totals, label: t('labor.total') },
          empty: t('labor.none'),
        }),
        table<LaborRow>({
          id: 'positions',
          title: t('labor.byPosition'),
          columns: [label(t('labor.position')), ...hours<LaborRow>()],
          rows: data.byPosition,
          footer: { ...data.totals, label: t('labor.total') },
          empty: t('labor.none'),
        }),
        table<LaborDayRow>({
          id: 'days',
          title: t('labor.byDay'),
          columns: [
            {
              id: 'day',
              header: t('labor.day'),
              kind: 'text',
              value: (r) => (r.key ? format.weekday(r.key) : r.label),
            },
            ...hours<LaborDayRow>(),
            { id: 'sales', header: t('labor.netSales'), kind: 'money', value: (r) => r.netSalesCents },
            { id: 'percent', header: t('labor.percent'), kind: 'percent', value: (r) => percentOf(r.labourPercentBp) },
          ],
          rows: data.byDay,
          footer: { ...data.totals, key: '', label: t('labor.total') },
          empty: t('labor.none'),
        }),
      ];
    },
    [t, hours],
  );
}

function LaborReportPage() {
  const { t } = useAreaT('labor');
  const tables = useTables();
  return (
    <ReportFrame<LaborReport>
      path="/laborreport"
      endpoint="team/reports/labor"
      defaultPeriod="this_week"
      compare={false}
      definitions={false}
      tables={tables}
    >
      {({ data, format, print, search }) => {
        const totals = data.totals;
        const specs = tables(data, format);
        return (
          <>
            <Kpis
              label={t('labor.keyFigures')}
              format={format}
              items={[
                { id: 'scheduled', label: t('labor.scheduled'), kind: 'hours', value: totals.scheduledMinutes },
                { id: 'actual', label: t('labor.actual'), kind: 'hours', value: totals.actualMinutes },
                { id: 'cost', label: t('labor.cost'), kind: 'money', value: totals.costCents },
                { id: 'sales', label: t('labor.netSales'), kind: 'money', value: totals.netSalesCents },
                { id: 'percent', label: t('labor.percent'), kind: 'percent', value: percentOf(totals.labourPercentBp) },
              ]}
            />
            <p>{t('labor.explain')}</p>
            {data.byEmployee.length === 0 && !print && (
              <p>
                {t('labor.noEntries')} <Link to={`/attendancer${search}`}>{t('labor.toTimeClock')}</Link>
              </p>
            )}
            {specs.map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('labor', LaborReportPage);
