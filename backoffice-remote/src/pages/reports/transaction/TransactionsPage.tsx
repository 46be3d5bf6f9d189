import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Printer } from 'lucide-react';
import {
  TRANSACTION_KINDS,
  type ReceiptDetail,
  type TransactionRow,
  type TransactionsReport,
} from '@hive/shared/schemas/backoffice/reports';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import { Alert, Button, SelectField, TextField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useFailureMessage, useSearchDraft } from '../../../frames/resource';
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
import { ReceiptView } from './ReceiptView';
import { FilterChips, useFigureLabel } from './FigureFilters';

const PATH = '/transaction';

/**
 * Live on its first page: a receipt or refund posted by a register appears at the top. Further
 * pages stay as they are (rows would shift under the reader); the filters apply as always.
 */
const LIVE = {
  topics: LIVE_PAGE_TOPICS['/transaction'],
  when: (values: Record<string, string>) => !values.page || values.page === '1',
};

/** The list's last row: the figure over every listed receipt (all pages), which their parts add up to. */
interface TotalLine {
  total: true;
  count: number;
  figureCents: number;
}
type Line = TransactionRow | TotalLine;
const isTotal = (line: Line): line is TotalLine => 'total' in line;

function useTables() {
  const { t } = useAreaT('reports');
  const figureLabel = useFigureLabel();
  const { values } = useReportParams();
  return useCallback(
    (data: TransactionsReport, format: ReportFormat, search = '') => {
      const link = (id: number) => reportHref(PATH, search, { receipt: id });
      const text = (value: (r: TransactionRow) => string | null) => (line: Line) =>
        isTotal(line) ? '' : (value(line) ?? '');
      return [
        table<Line>({
          id: 'receipts',
          title: t('transactions.table'),
          columns: [
            {
              id: 'number',
              header: t('transactions.number'),
              kind: 'text',
              value: (r) =>
                isTotal(r)
                  ? t('transactions.totalRow', { count: r.count, number: format.integer(r.count) })
                  : `#${r.number}`,
              href: (r) => (isTotal(r) ? null : link(r.id)),
            },
            { id: 'time', header: t('transactions.time'), kind: 'text', value: text((r) => format.stamp(r.localTime)) },
            {
              id: 'kind',
              header: t('transactions.kind'),
              kind: 'text',
              value: text((r) =>
                r.kind === 'refund'
                  ? t('transactions.refundOfNumber', { number: r.refundOf ?? '?' })
                  : t('transactions.kinds.sale'),
              ),
            },
            { id: 'payment', header: t('transactions.payment'), kind: 'text', value: text((r) => r.payment) },
            // The receipt's part of the figure the list was opened from (its card amount, its
            // lines of the item...): the total row under them is that figure.
            {
              id: 'figure',
              header: figureLabel(data, values, format, true),
              kind: 'money',
              value: (r) => r.figureCents,
            },
            {
              id: 'total',
              header: t('transactions.total'),
              kind: 'money',
              value: (r) => (isTotal(r) ? null : r.kind === 'refund' ? -r.totalCents : r.totalCents),
            },
            { id: 'tip', header: t('transactions.tip'), kind: 'money', value: (r) => (isTotal(r) ? null : r.tipCents) },
            // Who and where after the money: a wide list keeps the figures in view at 1280 px.
            { id: 'location', header: t('frame.location'), kind: 'text', value: text((r) => r.location) },
            { id: 'terminal', header: t('transactions.terminal'), kind: 'text', value: text((r) => r.terminal) },
            { id: 'employee', header: t('frame.employee'), kind: 'text', value: text((r) => r.employee) },
            { id: 'customer', header: t('transactions.customer'), kind: 'text', value: text((r) => r.customer) },
          ],
          rows: data.rows,
          footer: { total: true, count: data.total, figureCents: data.figure.cents },
          empty: t('transactions.none'),
        }),
      ];
    },
    [t, figureLabel, values],
  );
}

/** The search box: what is typed reaches the URL (and the server) once it settles. */
function SearchFilter({
  value,
  update,
}: {
  value: string;
  update: (patch: Record<string, string | null>, o?: { replace?: boolean }) => void;
}) {
  const { t } = useAreaT('reports');
  const [draft, setDraft] = useSearchDraft(value, (settled) =>
    update({ search: settled.trim() || null }, { replace: true }),
  );
  // A visible label, as the other filters have: a placeholder alone goes once typed in.
  return (
    <TextField
      type="search"
      label={t('transactions.search')}
      className={styles.searchFilter}
      placeholder={t('transactions.searchHint')}
      autoComplete="off"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
    />
  );
}

function ReceiptDetailView({ id, search }: { id: string; search: string }) {
  const { t } = useAreaT('reports');
  const failure = useFailureMessage();
  const print = usePrintView(PATH);
  const { update } = useReportParams();
  const receipt = useApi<ReceiptDetail>(REPORTS_URL.receipt(id));
  const format = useReportFormat(receipt.data?.currency);
  const linkTo = (other: number) => reportHref(print ? `${PATH}/print` : PATH, search, { receipt: other });
  if (receipt.error) {
    return (
      <Alert
        kind="error"
        action={<Button onClick={() => update({ receipt: null })}>{t('transactions.backToList')}</Button>}
      >
        {failure(receipt.error)}
      </Alert>
    );
  }
  if (!receipt.data) return <p role="status">{t('common:common.loading')}</p>;
  return (
    <div className={styles.body}>
      {!print && (
        <div className={styles.actions}>
          <Button onClick={() => update({ receipt: null })}>{t('transactions.backToList')}</Button>
          <Link className={styles.linkButton} to={`${PATH}/print?receipt=${receipt.data.id}`}>
            <Printer size={16} aria-hidden="true" />
            {t('transactions.reprint')}
          </Link>
        </div>
      )}
      <ReceiptView receipt={receipt.data} format={format} linkTo={linkTo} />
    </div>
  );
}

function TransactionsPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  const figureLabel = useFigureLabel();
  const { values, search } = useReportParams();
  return (
    <ReportFrame<TransactionsReport>
      path={PATH}
      endpoint={REPORTS_ENDPOINT.transactions}
      defaultPeriod="today"
      exportAll
      live={LIVE}
      tables={(data, format) => tables(data, format)}
      detail={values.receipt ? <ReceiptDetailView id={values.receipt} search={search} /> : undefined}
      filters={({ data, values: v, update }) => (
        <>
          <SearchFilter value={v.search ?? ''} update={update} />
          <SelectField
            label={t('transactions.kind')}
            className={styles.filter}
            value={v.kind ?? ''}
            onChange={(e) => update({ kind: e.target.value || null })}
            placeholder={t('transactions.allKinds')}
            options={TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`transactions.kinds.${k}`) }))}
          />
          <SelectField
            label={t('transactions.terminal')}
            className={styles.filter}
            value={v.terminal ?? ''}
            onChange={(e) => update({ terminal: e.target.value || null })}
            placeholder={t('transactions.allTerminals')}
            options={(data?.terminals ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          />
          <SelectField
            label={t('transactions.payment')}
            className={styles.filter}
            // A drill-down link names it paymentType: one filter, one control.
            value={v.payment ?? v.paymentType ?? ''}
            onChange={(e) => update({ payment: e.target.value || null, paymentType: null })}
            placeholder={t('transactions.allPayments')}
            options={[
              ...new Set([
                ...(data?.paymentTypes ?? []),
                ...((v.payment ?? v.paymentType) ? [(v.payment ?? v.paymentType)!] : []),
              ]),
            ].map((p) => ({
              value: p,
              label: p,
            }))}
          />
        </>
      )}
    >
      {({ data, format, update, search: current }) => {
        const now = data.sums.current;
        const before = data.sums.previous;
        const [spec] = tables(data, format, current);
        return (
          <>
            <FilterChips values={values} data={data} format={format} update={update} />
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                // The figure the merchant clicked, from exactly these receipts, and how many.
                {
                  id: 'figure',
                  label: figureLabel(data, values, format),
                  kind: 'money',
                  value: data.figure.cents,
                  wide: true,
                },
                { id: 'receipts', label: t('transactions.receiptCount'), kind: 'int', value: data.total },
                // The sales alone (the overview's average tile opens them): their average, as the tile's.
                ...(values.kind === 'sale' && data.figure.kind === 'net_sales' && data.total > 0
                  ? [
                      {
                        id: 'average',
                        label: t('transactions.averageSale'),
                        kind: 'money' as const,
                        value: Math.round(data.figure.cents / data.total),
                      },
                    ]
                  : []),
                { id: 'sales', label: t('transactions.sales'), kind: 'int', value: now.sales, previous: before?.sales },
                {
                  id: 'salesAmount',
                  label: t('transactions.salesAmount'),
                  kind: 'money',
                  value: now.salesCents,
                  previous: before?.salesCents,
                },
                {
                  id: 'refunds',
                  label: t('transactions.refundCount'),
                  kind: 'int',
                  value: now.refunds,
                  previous: before?.refunds,
                  inverse: true,
                },
                {
                  id: 'refundsAmount',
                  label: t('transactions.refundsAmount'),
                  kind: 'money',
                  value: now.refundsCents,
                  previous: before?.refundsCents,
                  inverse: true,
                },
              ]}
            />
            <ReportTable
              spec={spec!}
              format={format}
              cards={['time', 'kind', 'payment', 'figure', 'total']}
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

export default withAreaTexts('reports', TransactionsPage);
