import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminAuditEntry, AdminCompanyDetail, Page } from '@hive/shared/schemas/admin';
import { Alert, Button, EmptyState, PageFrame } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { roleLabel } from '@hive/shared/menu';
import { describeProblem, useAdminQuery } from '../../api';
import { COMPANIES_URL } from './api';
import { Changes, ReadOnlyNote, StatusBadge, formatDate, formatDateTime, useTableLabels } from '../../components';
import { PlanDialog } from './PlanDialog';
import { StatusDialog } from './StatusDialog';
import styles from '../pages.module.css';

const audit = createColumnHelper<AdminAuditEntry>();

/** One company: plan, members, merchant account and its audit log. */
export function CompanyPage() {
  const { t, i18n } = useTranslation('login');
  const { id } = useParams();
  const labels = useTableLabels();
  const company = useAdminQuery<AdminCompanyDetail>(COMPANIES_URL.company(id ?? ''));
  const [auditPage, setAuditPage] = useState(1);
  const log = useAdminQuery<Page<AdminAuditEntry>>(COMPANIES_URL.audit(id ?? ''), {
    page: auditPage,
    pageSize: 10,
  });
  const [dialog, setDialog] = useState<'plan' | 'status' | null>(null);

  const columns = useMemo(
    () =>
      [
        audit.accessor('at', {
          header: t('audit.when'),
          cell: (info) => <span className={styles.nowrap}>{formatDateTime(info.getValue(), i18n.language)}</span>,
        }),
        audit.accessor('actor', {
          header: t('audit.who'),
          cell: (info) => (
            <span>
              {info.getValue().email} <span className={styles.muted}>({roleLabel(info.getValue().role)})</span>
            </span>
          ),
        }),
        audit.accessor('action', {
          header: t('audit.what'),
          cell: (info) => t(`audit.actions.${info.getValue()}`, { defaultValue: info.getValue() }),
        }),
        audit.display({
          id: 'changes',
          header: t('audit.changes'),
          cell: ({ row }) => <Changes before={row.original.before} after={row.original.after} />,
        }),
      ].map((c) => ({ ...c, enableSorting: false })),
    [t, i18n.language],
  );

  const data = company.data;
  const reloadAll = () => {
    setDialog(null);
    company.reload();
    log.reload();
  };

  if (company.error) {
    return (
      <PageFrame
        title={t('companies.title')}
        breadcrumb={[{ label: t('companies.title'), to: '/admin/companies' }, { label: id ?? '' }]}
      >
        <Alert kind="error">{describeProblem(t, company.error)}</Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={data?.name ?? t('common.loading')}
      breadcrumb={[{ label: t('companies.title'), to: '/admin/companies' }, { label: data?.name ?? '…' }]}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={t('layout.documentTitle')}
      actions={
        data && (
          <>
            <Button onClick={() => setDialog('plan')}>{t('companies.changePlan')}</Button>
            <Button variant={data.status === 'suspended' ? 'primary' : 'danger'} onClick={() => setDialog('status')}>
              {data.status === 'suspended' ? t('companies.reactivate') : t('companies.suspend')}
            </Button>
          </>
        )
      }
    >
      <ReadOnlyNote actions={['companies.plan', 'companies.status']} />
      {data && (
        <div className={styles.cards}>
          <section className={styles.card} aria-labelledby="company-plan">
            <h2 id="company-plan" className={styles.cardTitle}>
              {t('companies.plan')}
            </h2>
            <dl className={styles.facts}>
              <dt>{t('companies.license')}</dt>
              <dd>{data.license}</dd>
              <dt>{t('companies.addons')}</dt>
              <dd>{data.addons.length ? data.addons.join(', ') : '—'}</dd>
              <dt>{t('companies.planVersion')}</dt>
              <dd>{data.planVersion}</dd>
              <dt>{t('common.status')}</dt>
              <dd>
                <StatusBadge status={data.status} />
              </dd>
              <dt>{t('companies.since')}</dt>
              <dd>{formatDate(data.createdAt, i18n.language)}</dd>
              <dt>{t('companies.merchantAccount')}</dt>
              <dd>{data.merchantAccount ? <StatusBadge status={data.merchantAccount.status} /> : '—'}</dd>
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="company-members">
            <h2 id="company-members" className={styles.cardTitle}>
              {t('companies.members', { count: data.members.length })}
            </h2>
            {data.members.length === 0 ? (
              <p className={styles.muted}>{t('companies.noMembers')}</p>
            ) : (
              <ul className={styles.members}>
                {data.members.map((member) => (
                  <li key={member.id}>
                    <span className={styles.memberEmail}>{member.email}</span>
                    <span className={styles.muted}>{member.role}</span>
                    <StatusBadge status={member.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      <section aria-labelledby="company-audit" className={styles.section}>
        <h2 id="company-audit" className={styles.sectionTitle}>
          {t('audit.title')}
        </h2>
        <DataTable
          caption={t('audit.title')}
          columns={columns}
          data={log.data?.items ?? []}
          total={log.data?.total ?? 0}
          page={auditPage}
          pageSize={10}
          sort={null}
          onSortChange={() => undefined}
          onPageChange={setAuditPage}
          getRowId={(row) => String(row.id)}
          loading={log.loading}
          labels={labels}
          error={log.error ? <Alert kind="error">{describeProblem(t, log.error)}</Alert> : undefined}
          empty={<EmptyState plain title={t('audit.empty')} />}
        />
      </section>
      {dialog === 'plan' && data && <PlanDialog company={data} onClose={() => setDialog(null)} onSaved={reloadAll} />}
      {dialog === 'status' && data && (
        <StatusDialog company={data} onClose={() => setDialog(null)} onSaved={reloadAll} />
      )}
    </PageFrame>
  );
}
