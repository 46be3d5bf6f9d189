import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { roleLabel } from '@hive/shared/menu';
import { USER_KINDS, USER_STATUSES, type AdminUser, type Page } from '@hive/shared/schemas/admin';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, StatusBadge, formatDateTime, useTableLabels } from '../../components';
import { AccessDialog } from './AccessDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminUser>();
type Dialog = { kind: 'lock' | 'unlock' | 'reset' | 'access'; user: AdminUser } | null;

export function UsersPage() {
  const { t, i18n } = useTranslation('login');
  const http = useHttp();
  const toast = useToast();
  const labels = useTableLabels();
  const list = useListParams(['kind', 'status'] as const);
  const query = useAdminQuery<Page<AdminUser>>('/api/admin/users', list.query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo(
    () =>
      [
        column.accessor('email', { header: t('users.email') }),
        column.display({
          id: 'kind',
          header: t('users.kind'),
          cell: ({ row }) =>
            row.original.admin ? (
              <span>
                {t('users.staff')}{' '}
                <span className={styles.muted}>
                  ({row.original.role ? roleLabel(row.original.role) : t('users.noRoleShort')})
                </span>
              </span>
            ) : (
              <span>
                {t('users.merchant')} <span className={styles.muted}>({row.original.role ?? '—'})</span>
              </span>
            ),
        }),
        column.accessor('company', {
          header: t('users.company'),
          cell: (info) => {
            const company = info.getValue();
            return company ? <Link to={`/admin/companies/${company.id}`}>{company.name}</Link> : '—';
          },
        }),
        column.accessor('status', {
          header: t('common.status'),
          cell: ({ row }) => (
            <span className={styles.inlineGroup}>
              <StatusBadge status={row.original.status} />
              {row.original.lockedUntil && (
                <span className={styles.muted}>
                  {t('users.lockedUntil', { time: formatDateTime(row.original.lockedUntil, i18n.language) })}
                </span>
              )}
            </span>
          ),
        }),
        column.display({
          id: 'actions',
          header: t('common.actions'),
          cell: ({ row }) => {
            const user = row.original;
            const locked = user.status === 'locked' || user.lockedUntil !== null;
            return (
              <span className={styles.rowActions}>
                <Button size="small" onClick={() => setDialog({ kind: locked ? 'unlock' : 'lock', user })}>
                  {locked ? t('users.unlock') : t('users.lock')}
                </Button>
                <Button size="small" variant="ghost" onClick={() => setDialog({ kind: 'reset', user })}>
                  {t('users.sendReset')}
                </Button>
                {user.admin && (
                  <Button size="small" variant="ghost" onClick={() => setDialog({ kind: 'access', user })}>
                    {t('users.editAccess')}
                  </Button>
                )}
              </span>
            );
          },
        }),
      ].map((c) => ({ ...c, enableSorting: false })),
    [t, i18n.language],
  );

  async function confirm() {
    if (!dialog || dialog.kind === 'access') return;
    const { kind, user } = dialog;
    setBusy(true);
    try {
      if (kind === 'reset') {
        await http.post(`/api/admin/users/${user.id}/reset-link`, {});
        toast.success(t('users.resetSent', { email: user.email }));
      } else {
        await http.post(`/api/admin/users/${user.id}/lock`, { locked: kind === 'lock' });
        toast.success(t(kind === 'lock' ? 'users.locked' : 'users.unlocked', { email: user.email }));
      }
      setDialog(null);
      query.reload();
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={t('users.title')}
      description={t('users.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['users.lock', 'users.reset_link', 'users.staff_access']} />
      <DataTable
        caption={t('users.title')}
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
        error={query.error ? <Alert kind="error">{describeProblem(t, query.error)}</Alert> : undefined}
        empty={<EmptyState plain title={t('common.noResults')} />}
        toolbar={
          <ListToolbar
            searchLabel={t('users.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'kind',
                label: t('users.kind'),
                value: list.filters.kind,
                options: USER_KINDS.map((k) => ({ value: k, label: t(`users.${k}`) })),
                onChange: (v) => list.setFilter('kind', v),
              },
              {
                name: 'status',
                label: t('common.status'),
                value: list.filters.status,
                options: USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                onChange: (v) => list.setFilter('status', v),
              },
            ]}
          />
        }
      />
      <ConfirmDialog
        open={dialog !== null && dialog.kind !== 'access'}
        title={dialog && dialog.kind !== 'access' ? t(`users.${dialog.kind}Title`, { email: dialog.user.email }) : ''}
        message={
          dialog && dialog.kind !== 'access' ? t(`users.${dialog.kind}Message`, { email: dialog.user.email }) : ''
        }
        confirmLabel={
          dialog?.kind === 'reset'
            ? t('users.sendReset')
            : dialog?.kind === 'unlock'
              ? t('users.unlock')
              : t('users.lock')
        }
        cancelLabel={t('common.cancel')}
        danger={dialog?.kind === 'lock'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setDialog(null)}
      />
      {dialog?.kind === 'access' && (
        <AccessDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            query.reload();
          }}
        />
      )}
    </PageFrame>
  );
}
