import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Breakable } from '@hive/shared/ui';
import { CUSTOMER_SORTS, type Customer, type CustomerSort } from '@hive/shared/schemas/backoffice';
import { useCompany } from '../../api';
import { useFormat, useT } from '../../i18n';
import { formStyles as styles, ResourcePage, type ResourceConfig } from '../../frames/resource';
import { CustomerForm } from './CustomerForm';
import { CUSTOMERS_ENDPOINT } from './api';

const dash = <span className={styles.muted}>—</span>;

function useCustomerColumns(): ColumnDef<Customer, unknown>[] {
  const { t } = useT();
  const company = useCompany();
  const format = useFormat(company?.currency);
  return useMemo<ColumnDef<Customer, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('customers.fields.name') },
      {
        id: 'email',
        accessorKey: 'email',
        header: t('customers.fields.email'),
        // An address wraps at its @ or dots on a phone's card, never mid-word.
        cell: ({ row }) => (row.original.email ? <Breakable text={row.original.email} /> : dash),
      },
      {
        id: 'phone',
        accessorKey: 'phone',
        header: t('customers.fields.phone'),
        cell: ({ row }) => (row.original.phone ? <span className={styles.nowrap}>{row.original.phone}</span> : dash),
      },
      {
        id: 'notes',
        accessorKey: 'notes',
        header: t('customers.fields.notes'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.notes ? (
            <span title={row.original.notes}>
              {row.original.notes.length > 40 ? `${row.original.notes.slice(0, 40)}…` : row.original.notes}
            </span>
          ) : (
            dash
          ),
      },
      {
        id: 'points',
        accessorKey: 'points',
        header: t('customers.fields.points'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.points),
      },
      {
        id: 'totalSpent',
        accessorKey: 'totalSpent',
        header: t('customers.fields.totalSpent'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.totalSpent),
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Customer, CustomerSort> = {
  path: '/customer',
  endpoint: CUSTOMERS_ENDPOINT.customers,
  prefix: 'customers',
  sorts: CUSTOMER_SORTS,
  defaultSort: 'name',
  useColumns: useCustomerColumns,
  rowName: (customer) => customer.name,
  Form: CustomerForm,
  // A phone shows each customer as a card: how to reach them, what they spent, and the actions.
  cards: { title: 'name', keys: ['phone', 'email', 'totalSpent', 'points', 'actions'] },
};

export default function CustomersPage() {
  return <ResourcePage config={config} />;
}
