import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { PRICE_LEVEL_SORTS, type PriceLevel, type PriceLevelSort } from '@hive/shared/schemas/backoffice/settings';
import { useAreaT, useFormat, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { SETTINGS_ENDPOINT } from '../api';
import { Badge } from '../shared';
import { PriceLevelForm } from './PriceLevelForm';
import { useScheduleText } from './schedule';

function usePriceLevelColumns(): ColumnDef<PriceLevel, unknown>[] {
  const { t } = useAreaT('settings');
  const format = useFormat();
  const scheduleText = useScheduleText();
  return useMemo<ColumnDef<PriceLevel, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('priceLevels.fields.name') },
      {
        id: 'schedule',
        header: t('priceLevels.fields.schedule'),
        enableSorting: false,
        cell: ({ row }) => scheduleText(row.original),
      },
      {
        id: 'locations',
        header: t('priceLevels.fields.locations'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.allLocations ? t('priceLevels.allLocations') : row.original.locationNames.join(', '),
      },
      {
        id: 'itemPriceCount',
        accessorKey: 'itemPriceCount',
        header: t('priceLevels.columns.itemPrices'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.itemPriceCount),
      },
      {
        id: 'active',
        accessorKey: 'active',
        header: t('priceLevels.columns.status'),
        cell: ({ row }) =>
          row.original.active ? (
            <Badge kind="on">{t('status.active')}</Badge>
          ) : (
            <Badge kind="off">{t('status.inactive')}</Badge>
          ),
      },
    ],
    [t, format, scheduleText],
  );
}

const config: ResourceConfig<PriceLevel, PriceLevelSort> = {
  path: '/price_hives',
  endpoint: SETTINGS_ENDPOINT.priceLevels,
  prefix: 'settings:priceLevels',
  sorts: PRICE_LEVEL_SORTS,
  defaultSort: 'name',
  useColumns: usePriceLevelColumns,
  rowName: (level) => level.name,
  Form: PriceLevelForm,
  exportable: false,
  described: true,
};

function PriceLevelsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('settings', PriceLevelsPage);
