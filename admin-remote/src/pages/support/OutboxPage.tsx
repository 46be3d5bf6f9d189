import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminOutboxMessage, Page } from '@hive/shared/schemas/admin';
import { Alert, EmptyState, PageFrame } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, formatDateTime, useTableLabels } from '../../components';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminOutboxMessage>();

/**
 * `/admin/support/outbox`: the e-mails the product sent (reset links, activations, invitations).
 * No mail server is wired in, so this is where staff see what a merchant was sent. Only roles with
 * the `support.outbox` right open it (the server answers 403 otherwise).
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation('login');
  const labels = useTableLabels();
  const list = useListParams([] as const);
  const query = useAdminQuery<Page<AdminOutboxMessage>>('/api/admin/support/outbox', list.query);

  // One column: a message reads well at any width (three columns squeezed it unreadable at 360 px).
  const columns = useMemo(
    () => [
      column.accessor('subject', {
        header: t('outbox.message'),
        enableSorting: false,
        cell: (info) => {
          const message = info.row.original;
          return (
            <details>
              <summary>
                <strong>{message.subject}</strong>
                <span className={styles.mailMeta}>
                  {t('outbox.to')}: {message.to} · {formatDateTime(message.createdAt, i18n.language)}
                </span>
              </summary>
              <pre className={styles.mailBody}>{message.body}</pre>
            </details>
          );
        },
      }),
    ],
    [t, i18n.language],
  );

  return (
    <PageFrame
      title={t('outbox.title')}
      description={t('outbox.description')}
      breadcrumb={[{ label: t('support.title'), to: '/admin/support' }]}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <DataTable
        caption={t('outbox.title')}
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
        empty={<EmptyState plain title={t('outbox.empty')} />}
        toolbar={
          <ListToolbar
            searchLabel={t('outbox.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[]}
          />
        }
      />
    </PageFrame>
  );
}
