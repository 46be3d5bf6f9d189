import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTicketDetail } from '@hive/shared/schemas/admin';
import { Button, ConfirmDialog, useToast } from '@hive/shared/ui';
import { describeProblem, useCan } from '../../api';
import { useSupportApi } from './api';
import { formatDateTime } from '../../components';
import styles from '../pages.module.css';

/**
 * A merchant's plan request (Settings › Billing): the plan asked for and, for staff who may change
 * company plans, "Apply plan": the same change as the company's plan dialog (its users' open tabs
 * follow at once), and the ticket closes. Applied once; then who applied it and when.
 */
export function PlanRequestCard({ ticket, onChanged }: { ticket: AdminTicketDetail; onChanged: () => void }) {
  const { t, i18n } = useTranslation('login');
  const api = useSupportApi();
  const toast = useToast();
  const canChangePlans = useCan('companies.plan');
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  const request = ticket.planRequest;
  if (!request) return null;
  const plan = request.addons.length > 0 ? `${request.license} + ${request.addons.join(', ')}` : request.license;

  async function apply() {
    setApplying(true);
    try {
      await api.applyPlan(ticket.id);
      toast.success(t('support.planRequest.applied', { company: ticket.company.name, plan }));
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setApplying(false);
      setConfirming(false);
      // Applied or refused (applied meanwhile by someone else): the ticket as it is now.
      onChanged();
    }
  }

  return (
    <section className={styles.card} aria-labelledby="ticket-plan-request">
      <h2 id="ticket-plan-request" className={styles.cardTitle}>
        {t('support.planRequest.title')}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('support.planRequest.license')}</dt>
        <dd>{request.license}</dd>
        <dt>{t('support.planRequest.addons')}</dt>
        <dd>{request.addons.length > 0 ? request.addons.join(', ') : t('support.planRequest.none')}</dd>
      </dl>
      {request.appliedAt ? (
        <p className={styles.muted}>
          {t('support.planRequest.appliedOn', {
            when: formatDateTime(request.appliedAt, i18n.language),
            who: request.appliedBy ?? '—',
          })}
        </p>
      ) : canChangePlans ? (
        <div className={styles.inlineRow}>
          <Button variant="primary" onClick={() => setConfirming(true)}>
            {t('support.planRequest.apply')}
          </Button>
        </div>
      ) : (
        canChangePlans === false && <p className={styles.muted}>{t('support.planRequest.noRight')}</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('support.planRequest.confirmTitle')}
        message={t('support.planRequest.confirm', { company: ticket.company.name, plan })}
        confirmLabel={applying ? t('support.planRequest.applying') : t('support.planRequest.apply')}
        cancelLabel={t('common.cancel')}
        busy={applying}
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
