import { useCallback } from 'react';
import {
  CASH_MOVEMENT_KINDS,
  type CashMovementRow,
  type CashMovementsReport,
} from '@hive/shared/schemas/backoffice/reports';
import { SelectField } from '@hive/shared/ui';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { Kpis, ReportFrame, ReportTable, table, type ReportFormat } from '../../../frames/report';
import { REPORTS_ENDPOINT } from '../api';
import styles from '../../../frames/report/frame.module.css';

function useTables() {
  const { t } = useAreaT('reports');
  return useCallback(
    (data: CashMovementsReport, format: ReportFormat) => [
      table<CashMovementRow>({
        id: 'movements',
        title: t('cash.table'),
        columns: [
          { id: 'time', header: t('transactions.time'), kind: 'text', value: (r) => format.stamp(r.localTime) },
          { id: 'kind', header: t('cash.kind'), kind: 'text', value: (r) => t(`cash.kinds.${r.kind}`) },
          {
            id: 'amount',
            header: t('cash.amount'),
            kind: 'money',
            value: (r) => (r.kind === 'pay_out' ? -r.amountCents : r.amountCents),
          },
          { id: 'reason', header: t('cash.reason'), kind: 'text', value: (r) => r.reason },
          { id: 'employee', header: t('frame.employee'), kind: 'text', value: (r) => r.employee ?? '' },
          { id: 'terminal', header: t('transactions.terminal'), kind: 'text', value: (r) => r.terminal ?? '' },
          { id: 'location', header: t('frame.location'), kind: 'text', value: (r) => r.location ?? '' },
          {
            id: 'shift',
            header: t('closings.shift'),
            kind: 'text',
            value: (r) => (r.shiftNumber === null ? '' : `#${r.shiftNumber}`),
          },
        ],
        rows: data.rows,
        empty: t('cash.none'),
      }),
    ],
    [t],
  );
}

function CashMovementsPage() {
  const { t } = useAreaT('reports');
  const tables = useTables();
  return (
    <ReportFrame<CashMovementsReport>
      path="/cash_movement"
      endpoint={REPORTS_ENDPOINT.cashMovements}
      defaultPeriod="last_30_days"
      exportAll
      tables={tables}
      filters={({ data, values, update }) => (
        <>
          <SelectField
            label={t('transactions.terminal')}
            className={styles.filter}
            value={values.terminal ?? ''}
            onChange={(e) => update({ terminal: e.target.value || null })}
            placeholder={t('transactions.allTerminals')}
            options={(data?.terminals ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          />
          <SelectField
            label={t('cash.kind')}
            className={styles.filter}
            value={values.kind ?? ''}
            onChange={(e) => update({ kind: e.target.value || null })}
            placeholder={t('cash.allKinds')}
            options={CASH_MOVEMENT_KINDS.map((k) => ({ value: k, label: t(`cash.kinds.${k}`) }))}
          />
        </>
      )}
    >
      {({ data, format, update }) => {
        const now = data.sums.current;
        const before = data.sums.previous;
        const [spec] = tables(data, format);
        return (
          <>
            <Kpis
              label={t('frame.keyFigures')}
              format={format}
              items={[
                {
                  id: 'in',
                  label: t('cash.payIns'),
                  kind: 'money',
                  value: now.payInsCents,
                  previous: before?.payInsCents,
                },
                {
                  id: 'out',
                  label: t('cash.payOuts'),
                  kind: 'money',
                  value: now.payOutsCents,
                  previous: before?.payOutsCents,
                },
                { id: 'net', label: t('cash.net'), kind: 'money', value: now.netCents, previous: before?.netCents },
              ]}
            />
            <ReportTable
              spec={spec!}
              format={format}
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

export default withAreaTexts('reports', CashMovementsPage);
