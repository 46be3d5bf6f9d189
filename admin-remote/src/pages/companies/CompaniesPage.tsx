import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { COMPANY_STATUSES, LICENSES, type AdminCompany, type Page } from '@hive/shared/schemas/admin';
import { Alert, Button, EmptyState, PageFrame } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, StatusBadge, useTableLabels } from '../../components';
import { CreateCompanyDialog } from './CreateCompanyDialog';
import { PlanDialog } from './PlanDialog';
import { StatusDialog } from './StatusDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminCompany>();
type Dialog = { kind: 'plan' | 'status'; company: AdminCompany } | { kind: 'create' } | null;

export function CompaniesPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const labels = useTableLabels();
  const list = useListParams(['status', 'license'] as const);
  const query = useAdminQuery<Page<AdminCompany>>('/api/admin/companies', list.query);
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo(
    () =>
      [
        column.accessor('name', {
          header: t('companies.name'),
          cell: (info) => <Link to={`/admin/companies/${info.row.original.id}`}>{info.getValue()}</Link>,
        }),
        column.accessor('license', { header: t('companies.license') }),
        column.accessor('addons', {
          header: t('companies.addons'),
          cell: (info) => (info.getValue().length ? info.getValue().join(', ') : '—'),
        }),
        column.accessor('users', { header: t('companies.users'), meta: { align: 'right' } }),
        column.accessor('status', {
          header: t('common.status'),
          cell: (info) => <StatusBadge status={info.getValue()} />,
        }),
        column.display({
          id: 'actions',
          header: t('common.actions'),
          cell: ({ row }) => (
            <span className={styles.rowActions}>
              <Button size="small" onClick={() => setDialog({ kind: 'plan', company: row.original })}>
                {t('companies.changePlan')}
              </Button>
              <Button
                size="small"
                variant={row.original.status === 'suspended' ? 'secondary' : 'ghost'}
                onClick={() => setDialog({ kind: 'status', company: row.original })}
              >
                {row.original.status === 'suspended' ? t('companies.reactivate') : t('companies.suspend')}
              </Button>
            </span>
          ),
        }),
      ].map((c) => ({ ...c, enableSorting: false })),
    [t],
  );

  const done = () => {
    setDialog(null);
    query.reload();
  };

  return (
    <PageFrame
      title={t('companies.title')}
      description={t('companies.description')}
      documentTitleSuffix={t('layout.documentTitle')}
      actions={
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('companies.new')}
        </Button>
      }
    >
      <ReadOnlyNote actions={['companies.create', 'companies.plan', 'companies.status']} />
      <DataTable
        caption={t('companies.title')}
        columns={columns}
        data={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        getRowId={(row) => String(row.id)}
        loading={query.loading}
        labels={labels}
        error={
          query.error ? (
            <Alert
              kind="error"
              action={
                <Button size="small" onClick={query.reload}>
                  {t('common.retry')}
                </Button>
              }
            >
              {describeProblem(t, query.error)}
            </Alert>
          ) : undefined
        }
        empty={<EmptyState plain title={t('common.noResults')} />}
        toolbar={
          <ListToolbar
            searchLabel={t('companies.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'status',
                label: t('common.status'),
                value: list.filters.status,
                options: COMPANY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                onChange: (v) => list.setFilter('status', v),
              },
              {
                name: 'license',
                label: t('companies.license'),
                value: list.filters.license,
                options: LICENSES.map((l) => ({ value: l, label: l })),
                onChange: (v) => list.setFilter('license', v),
              },
            ]}
          />
        }
      />
      {dialog?.kind === 'plan' && (
        <PlanDialog company={dialog.company} onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog?.kind === 'status' && (
        <StatusDialog company={dialog.company} onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog?.kind === 'create' && (
        <CreateCompanyDialog onClose={() => setDialog(null)} onSaved={(id) => navigate(`/admin/companies/${id}`)} />
      )}
    </PageFrame>
  );
}
