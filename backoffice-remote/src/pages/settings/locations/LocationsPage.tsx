import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { LOCATION_SORTS, type Location, type LocationSort } from '@hive/shared/schemas/backoffice/settings';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { SETTINGS_ENDPOINT } from '../api';
import { Badge, settingsStyles as styles, useCountryName } from '../shared';
import { LocationForm } from './LocationForm';

function useLocationColumns(): ColumnDef<Location, unknown>[] {
  const { t } = useAreaT('settings');
  const countryName = useCountryName();
  return useMemo<ColumnDef<Location, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('locations.fields.name') },
      {
        id: 'city',
        header: t('locations.columns.place'),
        accessorFn: (row) => row.address.city,
        cell: ({ row }) => {
          const { city, country } = row.original.address;
          const place = [city, countryName(country)].filter(Boolean).join(', ');
          return place || <span className={styles.muted}>—</span>;
        },
      },
      {
        id: 'timezone',
        accessorKey: 'timezone',
        header: t('locations.fields.timezone'),
        cell: ({ row }) => <span className={styles.nowrap}>{row.original.timezone.replace(/_/g, ' ')}</span>,
      },
      {
        id: 'phone',
        accessorKey: 'phone',
        header: t('locations.fields.phone'),
        enableSorting: false,
        cell: ({ row }) => row.original.phone || <span className={styles.muted}>—</span>,
      },
      {
        id: 'active',
        accessorKey: 'active',
        header: t('locations.columns.status'),
        cell: ({ row }) =>
          row.original.active ? (
            <Badge kind="on">{t('status.active')}</Badge>
          ) : (
            <Badge kind="off">{t('status.inactive')}</Badge>
          ),
      },
    ],
    [t, countryName],
  );
}

const config: ResourceConfig<Location, LocationSort> = {
  path: '/location',
  endpoint: SETTINGS_ENDPOINT.locations,
  prefix: 'settings:locations',
  sorts: LOCATION_SORTS,
  defaultSort: 'name',
  useColumns: useLocationColumns,
  rowName: (location) => location.name,
  Form: LocationForm,
  described: true,
};

function LocationsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('settings', LocationsPage);
