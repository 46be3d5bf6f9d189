import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminOutboxMessage, AdminOutboxPage } from '@hive/shared/schemas/admin';
import { Alert, Button, PageFrame, useToast } from '@hive/shared/ui';
import { describeProblem, useAdminList } from '../../api';
import { SUPPORT_URL, useSupportApi } from './api';
import { ListTable, StatusBadge, formatDateTime } from '../../components';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminOutboxMessage>();

/** What staff may send again (the server answers 409 for the others). */
const RETRYABLE = new Set(['failed', 'held']);

/**
 * `/admin/support/outbox`: the e-mails the product wrote (reset links, activations, invitations,
 * invoices ...) and where each is on its way out: waiting for its next try, sent, or failed with the
 * mail server's answer, which Retry sends again. Without a mail server (no SMTP_URL) they stay here,
 * and this is where staff see what a merchant was sent. Only roles with the `support.outbox` right
 * open it and retry (the server answers 403 otherwise).
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation('login');
  const api = useSupportApi();
  const toast = useToast();
  const list = useAdminList<AdminOutboxPage>(SUPPORT_URL.outbox);
  const { query } = list;
  const delivery = query.data?.delivery ?? true;
  const reload = query.reload;
  const [retrying, setRetrying] = useState<number | null>(null);

  const columns = useMemo(() => {
    const when = (at: string | null) => (at ? formatDateTime(at, i18n.language) : '');
    const state = (message: AdminOutboxMessage) => {
      switch (message.status) {
        case 'sent':
          return t('outbox.state.sent', { when: when(message.sentAt) });
        case 'pending':
          if (!delivery) return t('outbox.state.notConfigured');
          return message.attempts === 0
            ? t('outbox.state.queued')
            : t('outbox.state.retrying', { when: when(message.nextAttemptAt) });
        case 'sending':
          return t('outbox.state.sending');
        case 'failed':
          return t('outbox.state.failed', { count: message.attempts });
        default:
          return t('outbox.state.held');
      }
    };
    async function retry(message: AdminOutboxMessage) {
      setRetrying(message.id);
      try {
        await api.retryMail(message.id);
        toast.success(t('outbox.retried', { to: message.to }));
        reload();
      } catch (error) {
        toast.error(describeProblem(t, error));
      } finally {
        setRetrying(null);
      }
    }
    // One column: a message reads well at any width (three columns squeezed it unreadable at 360 px).
    return [
      column.accessor('subject', {
        header: t('outbox.message'),
        enableSorting: false,
        cell: (info) => {
          const message = info.row.original;
          return (
            <div className={styles.mailRow}>
              <details>
                <summary>
                  <strong>{message.subject}</strong>
                  <span className={styles.mailMeta}>
                    {t('outbox.to')}: {message.to} · {formatDateTime(message.createdAt, i18n.language)}
                  </span>
                </summary>
                <pre className={styles.mailBody}>{message.body}</pre>
              </details>
              <p className={styles.mailStatus}>
                <StatusBadge status={message.status} />
                <span>{state(message)}</span>
                {message.attempts > 0 && <span>{t('outbox.attempts', { count: message.attempts })}</span>}
              </p>
              {message.lastError && message.status !== 'sent' && (
                <p className={styles.mailError}>
                  {t('outbox.lastError')}: {message.lastError}
                </p>
              )}
              {RETRYABLE.has(message.status) && (
                <Button
                  size="small"
                  disabled={retrying === message.id}
                  aria-label={t('outbox.retryLabel', { subject: message.subject, to: message.to })}
                  onClick={() => void retry(message)}
                >
                  {t('outbox.retry')}
                </Button>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, i18n.language, delivery, api, toast, reload, retrying]);

  return (
    <PageFrame
      title={t('outbox.title')}
      description={t('outbox.description')}
      breadcrumb={[{ label: t('support.title'), to: '/admin/support' }]}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      {query.data && !delivery && <Alert kind="info">{t('outbox.noDelivery')}</Alert>}
      <ListTable
        list={list}
        caption={t('outbox.title')}
        columns={columns}
        searchLabel={t('outbox.search')}
        emptyTitle={t('outbox.empty')}
      />
    </PageFrame>
  );
}
