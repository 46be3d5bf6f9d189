import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import type { Invoice } from '@hive/shared/schemas/backoffice/sales';
import { SelectField } from '@hive/shared/ui';
import { useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { usePrintView } from '../../../frames/report';
import { ResourcePage, type ResourceConfig, type ResourceFilters } from '../../../frames/resource';
import { SALES_ENDPOINT } from '../api';
import { InvoiceForm } from './InvoiceForm';
import { InvoicePrint } from './InvoicePrint';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

type Sort = 'number' | 'customer' | 'issueDate' | 'dueDate' | 'total' | 'balance';

export const invoiceLabel = (invoice: Pick<Invoice, 'number'>, draft: string) =>
  invoice.number === null ? draft : `#${invoice.number}`;

function useInvoiceColumns(): ColumnDef<Invoice, unknown>[] {
  const { t } = useAreaT('sales');
  const format = useCentsFormat();
  return useMemo<ColumnDef<Invoice, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('invoices.columns.number'),
        cell: ({ row }) => invoiceLabel(row.original, t('invoices.draft')),
      },
      { id: 'customer', header: t('invoices.fields.customer'), cell: ({ row }) => row.original.customer.name },
      // Calendar days in the page's date format, as every other list writes dates.
      {
        id: 'issueDate',
        header: t('invoices.fields.issueDate'),
        cell: ({ row }) => format.calendarDate(row.original.issueDate),
      },
      {
        id: 'dueDate',
        header: t('invoices.fields.dueDate'),
        cell: ({ row }) => format.calendarDate(row.original.dueDate),
      },
      {
        id: 'total',
        header: t('invoices.columns.total'),
        meta: { align: 'right' },
        cell: ({ row }) => format.cents(row.original.totalCents),
      },
      {
        id: 'balance',
        header: t('invoices.columns.balance'),
        meta: { align: 'right' },
        cell: ({ row }) => format.cents(row.original.balanceCents),
      },
      {
        id: 'status',
        header: t('invoices.columns.status'),
        enableSorting: false,
        cell: ({ row }) => <InvoiceStatusBadge status={row.original.shownStatus} />,
      },
    ],
    [t, format],
  );
}

const FILTERS = ['all', 'draft', 'sent', 'overdue', 'partial', 'paid', 'void'] as const;

/** Show: every invoice or one state (`?status=` in the URL). */
function useInvoiceFilters(): ResourceFilters {
  const { t } = useAreaT('sales');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = FILTERS.includes(raw as (typeof FILTERS)[number]) ? raw! : 'all';
  return {
    query: { status: status === 'all' ? undefined : status },
    controls: (
      <SelectField
        label={t('invoices.filter')}
        value={status}
        onChange={(event) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (event.target.value === 'all') next.delete('status');
              else next.set('status', event.target.value);
              return next;
            },
            { replace: true },
          )
        }
        options={FILTERS.map((value) => ({ value, label: t(`invoices.filters.${value}`) }))}
      />
    ),
  };
}

const config: ResourceConfig<Invoice, Sort> = {
  path: '/invoice',
  endpoint: SALES_ENDPOINT.invoices,
  prefix: 'sales:invoices',
  sorts: ['number', 'customer', 'issueDate', 'dueDate', 'total', 'balance'],
  defaultSort: 'number',
  useColumns: useInvoiceColumns,
  useFilters: useInvoiceFilters,
  rowName: (invoice) => (invoice.number === null ? invoice.customer.name : `#${invoice.number}`),
  recordTitle: (invoice) =>
    invoice.number === null ? `${invoice.customer.name}` : `#${invoice.number} · ${invoice.customer.name}`,
  Form: InvoiceForm,
  described: true,
  // Only a draft is deleted; a sent invoice is voided (its number stays).
  canDelete: (invoice) => invoice.status === 'draft',
  readOnly: (invoice) => invoice.status !== 'draft',
  local: {
    text: (i) => `${i.number ?? ''} ${i.customer.name} ${i.notes}`,
    value: (i, sort) => {
      switch (sort) {
        case 'number':
          // Drafts (no number yet) before every number, then the newest number: a draft's value
          // must be below every -number, or it sorts among them (between #2 and #1 at -1).
          return i.number === null ? -Number.MAX_SAFE_INTEGER : -i.number;
        case 'customer':
          return i.customer.name.toLocaleLowerCase();
        case 'issueDate':
          return i.issueDate;
        case 'dueDate':
          return i.dueDate;
        case 'total':
          return i.totalCents;
        case 'balance':
          return i.balanceCents;
      }
    },
  },
};

function InvoicesPage() {
  const print = usePrintView('/invoice');
  return print ? <InvoicePrint /> : <ResourcePage config={config} />;
}

export default withAreaTexts('sales', InvoicesPage);
