import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Recurring } from '@hive/shared/schemas/backoffice/sales';
import { useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { SALES_ENDPOINT } from '../api';
import { RecurringForm } from './RecurringForm';
import { RecurringStatusBadge } from './RecurringStatusBadge';

type Sort = 'customer' | 'nextRun' | 'amount';

/** "Every month", "Every 2 weeks". */
export function useEvery() {
  const { t } = useAreaT('sales');
  return (r: Pick<Recurring, 'frequency' | 'interval'>) => t(`recurring.every.${r.frequency}`, { count: r.interval });
}

/** What one invoice of the template comes to before tax. */
const amountOf = (r: Recurring) =>
  r.lines.reduce((s, l) => s + Math.floor((l.quantityHundredths * l.unitPriceCents + 50) / 100) - l.discountCents, 0) -
  r.discountCents;

function useRecurringColumns(): ColumnDef<Recurring, unknown>[] {
  const { t } = useAreaT('sales');
  const format = useCentsFormat();
  const every = useEvery();
  return useMemo<ColumnDef<Recurring, unknown>[]>(
    () => [
      { id: 'customer', header: t('invoices.fields.customer'), cell: ({ row }) => row.original.customer.name },
      {
        id: 'every',
        header: t('recurring.columns.every'),
        enableSorting: false,
        cell: ({ row }) => every(row.original),
      },
      {
        id: 'amount',
        header: t('recurring.columns.amount'),
        meta: { align: 'right' },
        cell: ({ row }) => format.cents(amountOf(row.original)),
      },
      { id: 'nextRun', header: t('recurring.columns.nextRun'), cell: ({ row }) => row.original.nextRun ?? '—' },
      {
        id: 'made',
        header: t('recurring.columns.made'),
        enableSorting: false,
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.invoicesCreated),
      },
      {
        id: 'status',
        header: t('invoices.columns.status'),
        enableSorting: false,
        cell: ({ row }) => <RecurringStatusBadge status={row.original.status} />,
      },
    ],
    [t, format, every],
  );
}

const config: ResourceConfig<Recurring, Sort> = {
  path: '/recurring',
  endpoint: SALES_ENDPOINT.recurring,
  prefix: 'sales:recurring',
  sorts: ['customer', 'nextRun', 'amount'],
  defaultSort: 'nextRun',
  useColumns: useRecurringColumns,
  rowName: (r) => r.customer.name,
  recordTitle: (r) => r.customer.name,
  Form: RecurringForm,
  exportable: false,
  described: true,
  local: {
    text: (r) => `${r.customer.name} ${r.notes} ${r.lines.map((l) => l.description).join(' ')}`,
    value: (r, sort) =>
      sort === 'customer'
        ? r.customer.name.toLocaleLowerCase()
        : sort === 'amount'
          ? amountOf(r)
          : (r.nextRun ?? '9999'),
  },
};

function RecurringPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('sales', RecurringPage);
