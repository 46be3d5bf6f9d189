import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Position, PositionSort } from '@hive/shared/schemas/backoffice/team';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { teamStyles as styles, useTeamFormat } from '../shared';
import { TEAM_ENDPOINT } from '../api';
import { PositionForm } from './PositionForm';

function usePositionColumns(): ColumnDef<Position, unknown>[] {
  const { t } = useAreaT('team');
  const format = useTeamFormat();
  return useMemo<ColumnDef<Position, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('positions.fields.name'),
        cell: ({ row }) => (
          <span className={styles.row}>
            <span className={styles.swatch} style={{ background: row.original.color }} aria-hidden="true" />
            {row.original.name}
          </span>
        ),
      },
      {
        id: 'hourlyRate',
        accessorKey: 'hourlyRateCents',
        header: t('positions.fields.hourlyRate'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.cents(row.original.hourlyRateCents)}</span>,
      },
      {
        id: 'employeeCount',
        accessorKey: 'employeeCount',
        header: t('positions.columns.employees'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.employeeCount),
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Position, PositionSort> = {
  path: '/positions',
  endpoint: TEAM_ENDPOINT.positions,
  prefix: 'team:positions',
  sorts: ['name', 'hourlyRate', 'employeeCount'],
  defaultSort: 'name',
  useColumns: usePositionColumns,
  rowName: (p) => p.name,
  Form: PositionForm,
  described: true,
};

function PositionsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('team', PositionsPage);
