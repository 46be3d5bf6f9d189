import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Printer } from 'lucide-react';
import {
  shiftReceiptsQuery,
  type ClosingRow,
  type ClosingsReport,
  type ShiftDetail,
} from '@hive/shared/schemas/backoffice/reports';
import { Alert, Button, SelectField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import {
  Kpis,
  ReportFrame,
  ReportTable,
  table,
  usePrintView,
  useReportFormat,
  useReportParams,
  type ReportFormat,
  reportHref,
} from '../../../frames/report';
import { REPORTS_ENDPOINT, REPORTS_URL } from '../api';
import styles from '../../../frames/report/frame.module.css';
import { ShiftView } from './ShiftView';

const PATH = '/closings';

/** Columns shown once chosen (Columns): who and where, and the sales, beside the cash. */
const CHOSEN_LATER = ['receipts', 'opened', 'openedBy', 'closedBy', 'location'];

function useTables() {
  const { t } = useAreaT('reports');
  return useCallback(
    (data: ClosingsReport, format: ReportFormat, search = '') => {
      const link = (id: number) => reportHref(PATH, search, { shift: id });
      return [
        table<ClosingRow>({
          id: 'shifts',
          title: t('closings.table'),
          // The cash first (what was expected, counted, and the difference), then how it came
          // about, then the sales and who opened and closed the shift.
          columns: [
            {
              id: 'number',
              header: t('closings.shift'),
              kind: 'text',
              value: (r) => `#${r.number}`,
              href: (r) => link(r.id),
            },
            { id: 'terminal', header: t('transactions.terminal'), kind: 'text', value: (r) => r.terminal ?? '' },
            {
              id: 'closed',
              header: t('closings.closed'),
              kind: 'text',
              value: (r) => (r.closedLocal ? format.stamp(r.closedLocal) : t('closings.stillOpen')),
            },
            { id: 'expected', header: t('closings.expected'), kind: 'money', value: (r) => r.expectedCashCents },
            { id: 'counted', header: t('closings.counted'), kind: 'money', value: (r) => r.countedCashCents },
            {
              id: 'difference',
              header: t('closings.difference'),
              kind: 'money',
              value: (r) => r.differenceCents,
              note: (r) =>
                r.differenceCents === null || r.differenceCents === 0
                  ? null
                  : r.differenceCents < 0
                    ? { text: t('closings.short'), tone: 'bad' }
                    : { text: t('closings.over'), tone: 'good' },
            },
            { id: 'float', header: t('closings.float'), kind: 'money', value: (r) => r.openingFloatCents },
            { id: 'cashSales', header: t('closings.cashSales'), kind: 'money', value: (r) => r.cashSalesCents },
            { id: 'cashRefunds', header: t('closings.cashRefunds'), kind: 'money', value: (r) => r.cashRefundsCents },
            { id: 'payIns', header: t('closings.payIns'), kind: 'money', value: (r) => r.payInsCents },
            { id: 'payOuts', header: t('closings.payOuts'), kind: 'money', value: (r) => r.payOutsCents },
            {
              id: 'net',
              header: t('metrics.netSales'),
              kind: 'money',
              value: (r) => r.netSalesCents,
              // The whole shift's receipts, as the row counts them: not the closings' filters
              // (read by employee, it lists the shifts they opened or closed, all of each).
              href: (r) => reportHref('/transaction', '', shiftReceiptsQuery(r)),
              linkLabel: (r) => t('drill.receipts', { what: `#${r.number}` }),
            },
            { id: 'receipts', header: t('metrics.receipts'), kind: 'int', value: (r) => r.receipts },
            { id: 'opened', header: t('closings.opened'), kind: 'text', value: (r) => format.stamp(r.openedLocal) },
            { id: 'openedBy', header: t('closings.openedBy'), kind: 'text', value: (r) => r.openedBy ?? '' },
            { id: 'closedBy', header: t('closings.closedBy'), kind: 'text', value: (r) => r.closedBy ?? '' },
            { id: 'location', header: t('frame.location'), kind: 'text', value: (r) => r.location ?? '' },
          ],
          rows: data.rows,
          empty: t('closings.none'),
        }),
      ];
    },
    [t],
  );
}

function ShiftDetailView({ id }: { id: string }) {
  const { t } = useAreaT('reports');
  const failure = useFailureMessage();
  const print = usePrintView(PATH);
  const { update } = useReportParams();
  const shift = useApi<ShiftDetail>(REPORTS_URL.shift(id));
  const format = useReportFormat(shift.data?.currency);
  if (shift.error) {
    return (
      <Alert kind="error" action={<Button onClick={() => update({ shift: null })}>{t('closings.backToList')}</Button>}>
        {failure(shift.error)}
      </Alert>
    );
  }
  if (!shift.data) return <p role="status">{t('common:common.loading')}</p>;
  return (
    <div className={styles.body}>
      {!print && (
        <div className={styles.actions}>
          <Button onClick={() => update({ shift: null })}>{t('closings.backToList')}</Button>
          <Link className={styles.linkButton} to={`${PATH}/print?shift=${shift.data.id}`}>
            <Printer size={16} aria-hidden="true" />
            {t('closings.printZ')}
          </Link>
        </div>
      )}
      <ShiftView shift={shift.data} format={format} />
    </div>
  );
}

function ClosingsPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  const { values } = useReportParams();
  return (
    <ReportFrame<ClosingsReport>
      path={PATH}
      endpoint={REPORTS_ENDPOINT.closings}
      defaultPeriod="last_30_days"
      exportAll
      tables={(data, format) => tables(data, format)}
      detail={values.shift ? <ShiftDetailView id={values.shift} /> : undefined}
      filters={({ data, values: v, update }) => (
        <SelectField
          label={t('transactions.terminal')}
          className={styles.filter}
          value={v.terminal ?? ''}
          onChange={(e) => update({ terminal: e.target.value || null })}
          placeholder={t('transactions.allTerminals')}
          options={(data?.terminals ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        />
      )}
    >
      {({ data, format, update, search }) => {
        const now = data.sums.current;
        const before = data.sums.previous;
        const [spec] = tables(data, format, search);
        return (
          <>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                { id: 'shifts', label: t('closings.shifts'), kind: 'int', value: now.shifts, previous: before?.shifts },
                {
                  id: 'expected',
                  label: t('closings.expected'),
                  kind: 'money',
                  value: now.expectedCashCents,
                  previous: before?.expectedCashCents,
                },
                {
                  id: 'counted',
                  label: t('closings.counted'),
                  kind: 'money',
                  value: now.countedCashCents,
                  previous: before?.countedCashCents,
                },
                {
                  id: 'difference',
                  label: t('closings.difference'),
                  kind: 'money',
                  value: now.differenceCents,
                  previous: before?.differenceCents,
                },
              ]}
            />
            <p className={styles.note}>{t('closings.note')}</p>
            <ReportTable
              spec={spec!}
              format={format}
              // The cash in view on a laptop (the rest a choice away) and on a phone.
              choice={{ hidden: CHOSEN_LATER }}
              cards={['closed', 'expected', 'counted', 'difference']}
              pager={{
                page: data.page,
                pageSize: data.pageSize,
                total: data.total,
                onPage: (page) => update({ page: page === 1 ? null : String(page) }),
              }}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}

export default withAreaTexts('reports', ClosingsPage);
