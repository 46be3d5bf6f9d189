import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { COMPANY_STATUSES, LICENSES, type AdminCompany, type Page } from '@hive/shared/schemas/admin';
import { Button, PageFrame } from '@hive/shared/ui';
import { useAdminList } from '../../api';
import { COMPANIES_URL } from './api';
import { ListTable, ReadOnlyNote, StatusBadge, useRowDialog } from '../../components';
import { CreateCompanyDialog } from './CreateCompanyDialog';
import { PlanDialog } from './PlanDialog';
import { StatusDialog } from './StatusDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminCompany>();
type Dialog = { kind: 'plan' | 'status'; company: AdminCompany } | { kind: 'create' };

export function CompaniesPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const list = useAdminList<Page<AdminCompany>, 'status' | 'license'>(COMPANIES_URL.companies, ['status', 'license']);
  const { dialog, setDialog, close, done } = useRowDialog<Dialog>(list.query.reload);

  const columns = useMemo(
    () => [
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
    ],
    [t, setDialog],
  );

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
      <ListTable
        list={list}
        caption={t('companies.title')}
        columns={columns}
        searchLabel={t('companies.search')}
        retry
        filters={[
          {
            name: 'status',
            label: t('common.status'),
            options: COMPANY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
          { name: 'license', label: t('companies.license'), options: LICENSES.map((l) => ({ value: l, label: l })) },
        ]}
      />
      {dialog?.kind === 'plan' && <PlanDialog company={dialog.company} onClose={close} onSaved={done} />}
      {dialog?.kind === 'status' && <StatusDialog company={dialog.company} onClose={close} onSaved={done} />}
      {dialog?.kind === 'create' && (
        <CreateCompanyDialog onClose={close} onSaved={(id) => navigate(`/admin/companies/${id}`)} />
      )}
    </PageFrame>
  );
}
