import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Download } from 'lucide-react';
import type { PayrollReport, PayrollRow } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, useToast } from '@hive/shared/ui';
import { csvDelimiter } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { ReportFrame, ReportTable, table, type ReportFormat } from '../../../frames/report';
import { attendanceHref } from '../labor-shared';
import { SCHEDULING_ENDPOINT, useSchedulingApi } from '../api';

type Totals = PayrollReport['totals'] & { name: string };
type Row = PayrollRow | Totals;

/** One row per employee, and the totals (no rate: rates do not add up). */
function useTables() {
  const { t } = useAreaT('labor');
  return useCallback(
    (data: PayrollReport, _format: ReportFormat) => [
      table<Row>({
        id: 'payroll',
        title: t('payroll.table'),
        columns: [
          { id: 'employee', header: t('payroll.employee'), kind: 'text', value: (r) => r.name },
          {
            id: 'position',
            header: t('payroll.position'),
            kind: 'text',
            value: (r) => ('employeeId' in r ? (r.positionName ?? t('payroll.noPosition')) : ''),
          },
          {
            id: 'rate',
            header: t('payroll.rate'),
            kind: 'money',
            value: (r) => ('rateCents' in r ? r.rateCents : null),
          },
          { id: 'regular', header: t('payroll.regularHours'), kind: 'hours', value: (r) => r.regularMinutes },
          { id: 'overtime', header: t('payroll.overtimeHours'), kind: 'hours', value: (r) => r.overtimeMinutes },
          { id: 'regularPay', header: t('payroll.regularPay'), kind: 'money', value: (r) => r.regularPayCents },
          { id: 'overtimePay', header: t('payroll.overtimePay'), kind: 'money', value: (r) => r.overtimePayCents },
          { id: 'gross', header: t('payroll.gross'), kind: 'money', value: (r) => r.grossPayCents },
          { id: 'tips', header: t('payroll.tips'), kind: 'money', value: (r) => r.tipsCents },
        ],
        rows: data.rows,
        footer: { ...data.totals, name: t('payroll.total') },
        empty: t('payroll.none'),
      }),
    ],
    [t],
  );
}

/**
 * The payroll file the server writes for payroll software (the same query with format=csv: one
 * row per employee with its id and the period, hours as decimals), not the table on screen.
 */
function PayrollCsvButton({ values }: { values: Record<string, string> }) {
  const { t, i18n } = useAreaT('labor');
  const api = useSchedulingApi();
  const toast = useToast();
  const failure = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await api.downloadPayroll({ ...values, format: 'csv', delimiter: csvDelimiter(i18n.language) });
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<Download size={16} aria-hidden="true" />} onClick={() => void download()} disabled={busy}>
      {t('payroll.csv')}
    </Button>
  );
}

/** /payrollreport: each employee's regular and overtime hours and pay, and their tips, for a period. */
function PayrollReportPage() {
  const { t } = useAreaT('labor');
  const tables = useTables();
  return (
    <ReportFrame<PayrollReport>
      path="/payrollreport"
      endpoint={SCHEDULING_ENDPOINT.payroll}
      defaultPeriod="last_week"
      compare={false}
      definitions={false}
      tables={tables}
    >
      {({ data, format, print, values }) => {
        const [spec] = tables(data, format);
        return (
          <>
            {data.pendingEntries > 0 && (
              <Alert kind="warning">
                {t('payroll.pending', { count: data.pendingEntries })}{' '}
                {!print && (
                  <Link to={attendanceHref(data.period, values, { status: 'pending' })}>{t('payroll.review')}</Link>
                )}
              </Alert>
            )}
            {data.openEntries > 0 && (
              <Alert kind="warning">
                {t('payroll.open', { count: data.openEntries })}{' '}
                {!print && <Link to={attendanceHref(data.period, values)}>{t('payroll.openReview')}</Link>}
              </Alert>
            )}
            <p>{t('payroll.explain')}</p>
            <ReportTable
              spec={spec!}
              format={format}
              actions={print ? undefined : <PayrollCsvButton values={values} />}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('labor', PayrollReportPage);
