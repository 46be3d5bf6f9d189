import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { roleLabel } from '@hive/shared/menu';
import { USER_KINDS, USER_STATUSES, type AdminUser, type Page } from '@hive/shared/schemas/admin';
import { Button, ConfirmDialog, PageFrame } from '@hive/shared/ui';
import { useAdminList } from '../../api';
import { USERS_URL, useUsersApi } from './api';
import { ListTable, ReadOnlyNote, StatusBadge, formatDateTime, useRowDialog } from '../../components';
import { AccessDialog } from './AccessDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminUser>();
type Dialog = { kind: 'lock' | 'unlock' | 'reset' | 'access'; user: AdminUser };

export function UsersPage() {
  const { t, i18n } = useTranslation('login');
  const api = useUsersApi();
  const list = useAdminList<Page<AdminUser>, 'kind' | 'status'>(USERS_URL.users, ['kind', 'status']);
  const { dialog, setDialog, close, done, busy, run } = useRowDialog<Dialog>(list.query.reload);

  const columns = useMemo(
    () => [
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
    ],
    [t, i18n.language, setDialog],
  );

  async function confirm() {
    if (!dialog || dialog.kind === 'access') return;
    const { kind, user } = dialog;
    await run(async () => {
      if (kind === 'reset') {
        await api.sendResetLink(user.id);
        return t('users.resetSent', { email: user.email });
      }
      await api.setLocked(user.id, { locked: kind === 'lock' });
      return t(kind === 'lock' ? 'users.locked' : 'users.unlocked', { email: user.email });
    });
  }

  return (
    <PageFrame
      title={t('users.title')}
      description={t('users.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['users.lock', 'users.reset_link', 'users.staff_access']} />
      <ListTable
        list={list}
        caption={t('users.title')}
        columns={columns}
        searchLabel={t('users.search')}
        filters={[
          {
            name: 'kind',
            label: t('users.kind'),
            options: USER_KINDS.map((k) => ({ value: k, label: t(`users.${k}`) })),
          },
          {
            name: 'status',
            label: t('common.status'),
            options: USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
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
        onCancel={close}
      />
      {dialog?.kind === 'access' && <AccessDialog user={dialog.user} onClose={close} onSaved={done} />}
    </PageFrame>
  );
}
