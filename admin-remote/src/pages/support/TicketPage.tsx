import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  TICKET_STATUSES,
  ticketReplySchema,
  type AdminTicketDetail,
  type TicketStatus,
} from '@hive/shared/schemas/admin';
import { Alert, Button, PageFrame, SelectField, TextAreaField, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage, useAdminQuery } from '../../api';
import { SUPPORT_URL, useSupportApi } from './api';
import { ReadOnlyNote, StatusBadge, formatDateTime } from '../../components';
import styles from '../pages.module.css';
import { PlanRequestCard } from './PlanRequestCard';

/** One ticket: the conversation, a reply box and the status. */
export function TicketPage() {
  const { t, i18n } = useTranslation('login');
  const { id } = useParams();
  const api = useSupportApi();
  const toast = useToast();
  const ticket = useAdminQuery<AdminTicketDetail>(SUPPORT_URL.ticket(id ?? ''));
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [savingStatus, setSavingStatus] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ticketReplySchema), defaultValues: { body: '' } });
  const data = ticket.data;

  useEffect(() => {
    if (data) setStatus(data.status as TicketStatus);
  }, [data]);

  const onReply = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await api.reply(data!.id, body);
      toast.success(t('support.replied'));
      reset({ body: '' });
      ticket.reload();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['body'])) setProblem(describeProblem(t, error));
    }
  });

  async function saveStatus() {
    if (!data || !status) return;
    setSavingStatus(true);
    try {
      await api.saveStatus(data.id, { status });
      toast.success(t('support.statusSaved', { status: t(`status.${status}`) }));
      ticket.reload();
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setSavingStatus(false);
    }
  }

  const crumbs = [{ label: t('support.title'), to: '/admin/support' }, { label: data?.ref ?? '…' }];
  if (ticket.error) {
    return (
      <PageFrame title={t('support.title')} breadcrumb={crumbs} breadcrumbLabel={t('layout.breadcrumb')}>
        <Alert kind="error">{describeProblem(t, ticket.error)}</Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={data ? data.subject : t('common.loading')}
      breadcrumb={crumbs}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={t('layout.documentTitle')}
      description={
        data && (
          <span className={styles.inlineGroup}>
            <span>
              {data.ref} · {data.company.name}
            </span>
            <StatusBadge status={data.status} />
          </span>
        )
      }
    >
      <ReadOnlyNote actions={['support.write']} />
      {data && (
        <>
          <PlanRequestCard ticket={data} onChanged={ticket.reload} />
          <ol className={styles.thread} aria-label={t('support.conversation')}>
            {data.messages.map((message) => (
              <li
                key={message.id}
                className={[styles.message, message.fromStaff && styles.fromStaff].filter(Boolean).join(' ')}
              >
                <div className={styles.messageMeta}>
                  <strong>{message.author}</strong>
                  <span>{message.fromStaff ? t('support.staff') : t('support.merchant')}</span>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
                </div>
                <p className={styles.messageBody}>{message.body}</p>
              </li>
            ))}
          </ol>
          <form className={styles.inlineForm} onSubmit={onReply} noValidate aria-label={t('support.reply')}>
            {problem && <Alert kind="error">{problem}</Alert>}
            <TextAreaField
              label={t('support.reply')}
              rows={4}
              error={fieldMessage(t, errors.body?.message)}
              {...register('body')}
            />
            <div className={styles.inlineRow}>
              <Button type="submit" variant="primary" disabled={isSubmitting}>
                {isSubmitting ? t('common.saving') : t('support.send')}
              </Button>
            </div>
          </form>
          <div className={styles.inlineRow}>
            <SelectField
              label={t('support.changeStatus')}
              value={status}
              options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              onChange={(event) => setStatus(event.target.value as TicketStatus)}
            />
            <Button onClick={() => void saveStatus()} disabled={savingStatus || status === data.status}>
              {t('support.saveStatus')}
            </Button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
