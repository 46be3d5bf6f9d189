import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import type { Employee, EmployeeSort } from '@hive/shared/schemas/backoffice/team';
import { SelectField } from '@hive/shared/ui';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig, type ResourceFilters } from '../../../frames/resource';
import { Badge, teamStyles as styles, useTeamFormat } from '../shared';
import { TEAM_ENDPOINT } from '../api';
import { EmployeeForm } from './EmployeeForm';
import { PinResetAction } from './PinReset';

function useEmployeeColumns(): ColumnDef<Employee, unknown>[] {
  const { t } = useAreaT('team');
  const format = useTeamFormat();
  return useMemo<ColumnDef<Employee, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('employees.fields.name'),
        cell: ({ row }) => (
          <span className={styles.row}>
            {row.original.name}
            {row.original.email && <span className={styles.muted}>{row.original.email}</span>}
          </span>
        ),
      },
      {
        id: 'position',
        accessorKey: 'positionName',
        header: t('employees.fields.position'),
        cell: ({ row }) =>
          row.original.positionName ? (
            <span className={styles.row}>
              <span
                className={styles.swatch}
                style={{ background: row.original.positionColor ?? undefined }}
                aria-hidden="true"
              />
              {row.original.positionName}
            </span>
          ) : (
            t('employees.noPosition')
          ),
      },
      {
        id: 'role',
        accessorKey: 'role',
        header: t('employees.fields.role'),
        cell: ({ row }) => {
          const access = row.original.backOffice;
          return (
            <span className={styles.row}>
              {t(`roleNames.${row.original.role}`)}
              {access && access.status !== 'disabled' && (
                <Badge kind={access.status === 'active' ? 'info' : 'warn'}>
                  {t(`employees.badges.${access.status}`)}
                </Badge>
              )}
            </span>
          );
        },
      },
      {
        id: 'hourlyRate',
        accessorKey: 'effectiveHourlyRateCents',
        header: t('employees.fields.hourlyRate'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.cents(row.original.effectiveHourlyRateCents)}</span>,
      },
      {
        id: 'active',
        accessorKey: 'active',
        header: t('employees.columns.status'),
        cell: ({ row }) =>
          row.original.active ? <Badge kind="on">{t('active')}</Badge> : <Badge kind="off">{t('inactive')}</Badge>,
      },
    ],
    [t, format],
  );
}

const STATUSES = ['all', 'active', 'inactive'] as const;

/**
 * Show: all, active or inactive employees (`?status=` in the URL; a change goes back to page 1);
 * beside it, Reset all PINs.
 */
function useEmployeeFilters(): ResourceFilters {
  const { t } = useAreaT('team');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = STATUSES.includes(raw as (typeof STATUSES)[number]) ? raw! : 'all';
  return {
    query: { status: status === 'all' ? undefined : status },
    controls: (
      <>
        <SelectField
          label={t('employees.filter')}
          value={status}
          onChange={(event) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (event.target.value === 'all') next.delete('status');
                else next.set('status', event.target.value);
                next.delete('page');
                return next;
              },
              { replace: true },
            )
          }
          options={STATUSES.map((value) => ({ value, label: t(`employees.statuses.${value}`) }))}
        />
        <PinResetAction />
      </>
    ),
  };
}

const config: ResourceConfig<Employee, EmployeeSort> = {
  path: '/employees',
  endpoint: TEAM_ENDPOINT.employees,
  prefix: 'team:employees',
  sorts: ['name', 'position', 'role', 'hourlyRate', 'active'],
  defaultSort: 'name',
  useColumns: useEmployeeColumns,
  useFilters: useEmployeeFilters,
  rowName: (e) => e.name,
  Form: EmployeeForm,
  exportable: false,
  described: true,
  // Sales, refunds or shifts name them: deactivate instead (the server refuses too).
  canDelete: (e) => !e.hasHistory,
};

function EmployeesPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('team', EmployeesPage);
