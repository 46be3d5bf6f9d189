import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { LaborDayRow, LaborReport, LaborRow } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert } from '@hive/shared/ui';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { Kpis, ReportFrame, ReportTable, table, type ReportColumn, type ReportFormat } from '../../../frames/report';
import { attendanceHref } from '../labor-shared';
import { SCHEDULING_ENDPOINT } from '../api';

/** Scheduled against worked hours and what they cost: the columns every table of the report shares. */
function hourColumns<T extends LaborRow>(t: (key: string) => string): ReportColumn<T>[] {
  return [
    { id: 'scheduled', header: t('labor.scheduled'), kind: 'hours', value: (r) => r.scheduledMinutes },
    { id: 'actual', header: t('labor.actual'), kind: 'hours', value: (r) => r.actualMinutes },
    {
      id: 'difference',
      header: t('labor.difference'),
      kind: 'hours',
      value: (r) => r.actualMinutes - r.scheduledMinutes,
    },
    { id: 'cost', header: t('labor.cost'), kind: 'money', value: (r) => r.costCents },
  ];
}

/** The three tables (by employee, by position, by day), each with the period's totals under it. */
function useTables() {
  const { t } = useAreaT('labor');
  return useCallback(
    (data: LaborReport, format: ReportFormat) => {
      const tt = (key: string) => t(key);
      const total = { ...data.totals, label: t('labor.total') };
      return [
        table<LaborRow>({
          id: 'employees',
          title: t('labor.byEmployee'),
          columns: [
            { id: 'employee', header: t('labor.employee'), kind: 'text', value: (r) => r.label },
            ...hourColumns(tt),
          ],
          rows: data.byEmployee,
          footer: total,
          empty: t('labor.none'),
        }),
        table<LaborRow>({
          id: 'positions',
          title: t('labor.byPosition'),
          columns: [
            {
              id: 'position',
              header: t('labor.position'),
              kind: 'text',
              value: (r) => r.label || t('labor.noPosition'),
            },
            ...hourColumns(tt),
          ],
          rows: data.byPosition,
          footer: total,
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
              // The totals row's key is 'total'; the days' are their dates.
              value: (r) => (r === total ? r.label : format.weekday(r.key)),
            },
            ...hourColumns<LaborDayRow>(tt),
            { id: 'sales', header: t('labor.netSales'), kind: 'money', value: (r) => r.netSalesCents },
            { id: 'percent', header: t('labor.percent'), kind: 'basisPoints', value: (r) => r.labourPercentBp },
          ],
          rows: data.byDay,
          footer: total,
          empty: t('labor.none'),
        }),
      ];
    },
    [t],
  );
}

/** What to do when the period has nothing to show: plan shifts, or look at the time clock. */
function Guidance({ data, values }: { data: LaborReport; values: Record<string, string> }) {
  const { t } = useAreaT('labor');
  const { scheduledMinutes, actualMinutes } = data.totals;
  if (actualMinutes > 0) return null;
  const timeClock = <Link to={attendanceHref(data.period, values)}>{t('labor.toTimeClock')}</Link>;
  if (scheduledMinutes === 0) {
    return (
      <Alert kind="info">
        {t('labor.nothing')} <Link to="/scheduling">{t('labor.toSchedule')}</Link> · {timeClock}
      </Alert>
    );
  }
  return (
    <Alert kind="info">
      {t('labor.noEntries')} {timeClock}
    </Alert>
  );
}

/** /laborreport: scheduled against worked hours and their cost, by employee, position and day. */
function LaborReportPage() {
  const { t } = useAreaT('labor');
  const tables = useTables();
  return (
    <ReportFrame<LaborReport>
      path="/laborreport"
      endpoint={SCHEDULING_ENDPOINT.labor}
      defaultPeriod="this_week"
      compare={false}
      definitions={false}
      tables={tables}
    >
      {({ data, format, print, values }) => {
        const totals = data.totals;
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
                { id: 'percent', label: t('labor.percent'), kind: 'basisPoints', value: totals.labourPercentBp },
              ]}
            />
            {!print && <Guidance data={data} values={values} />}
            <p>{t('labor.explain')}</p>
            {tables(data, format).map((spec) => (
              <ReportTable key={spec.id} spec={spec} format={format} />
            ))}
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('labor', LaborReportPage);
