import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Vendor } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { Badge, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { VendorForm } from './VendorForm';

type Sort = 'name' | 'contactName' | 'email' | 'items';

function useVendorColumns(): ColumnDef<Vendor, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<Vendor, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('vendors.fields.name') },
      { id: 'contactName', accessorKey: 'contactName', header: t('vendors.fields.contactName') },
      {
        id: 'email',
        accessorKey: 'email',
        header: t('vendors.columns.contact'),
        cell: ({ row }) => [row.original.email, row.original.phone].filter(Boolean).join(' · '),
      },
      {
        id: 'items',
        header: t('vendors.columns.items'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.items.length),
      },
      {
        id: 'status',
        header: t('vendors.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? <Badge kind="on">{t('active')}</Badge> : <Badge kind="off">{t('inactive')}</Badge>,
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Vendor, Sort> = {
  path: '/vendors',
  endpoint: INVENTORY_ENDPOINT.vendors,
  prefix: 'inventory:vendors',
  sorts: ['name', 'contactName', 'email', 'items'],
  defaultSort: 'name',
  useColumns: useVendorColumns,
  rowName: (v) => v.name,
  Form: VendorForm,
  described: true,
  local: {
    text: (v) => `${v.name} ${v.contactName} ${v.email} ${v.phone}`,
    value: (v, sort) => (sort === 'items' ? v.items.length : v[sort]),
  },
};

function VendorsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('inventory', VendorsPage);
