import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components';
import { describeRegisteredBy, formatShare } from './format';
import { StateBadge } from './StateBadge';
import type { ReleaseJson } from './types';
import styles from './releases.module.css';

/** The active release or the canary: what it is, where it comes from, who put it there. */
export function ReleaseCard({
  title,
  release,
  empty,
  children,
}: {
  title: string;
  release: ReleaseJson | null;
  /** Said when there is no such release. */
  empty: string;
  /** The actions (only for a role that may take them). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('login');
  const lng = i18n.language;
  return (
    <article className={styles.card} aria-label={release ? `${title}: ${release.version}` : title}>
      <h3 className={styles.cardTitle}>{title}</h3>
      {!release ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <>
          <p className={styles.version}>
            <strong>{release.version}</strong> <StateBadge state={release.state} />
          </p>
          <dl className={styles.facts}>
            <dt>{t('releases.manifest')}</dt>
            <dd className={styles.url}>{release.manifestUrl}</dd>
            <dt>{t('releases.contract')}</dt>
            <dd>{release.contractRange}</dd>
            <dt>{t('releases.registeredBy')}</dt>
            <dd>{describeRegisteredBy(t, release)}</dd>
            <dt>{t('releases.registeredAt')}</dt>
            <dd>{formatDateTime(release.registeredAt, lng)}</dd>
            {release.canary && (
              <>
                <dt>{t('releases.share')}</dt>
                <dd>{formatShare(release.canary.percent, lng)}</dd>
                <dt>{t('releases.companies')}</dt>
                <dd>
                  {release.canary.companies.length ? release.canary.companies.join(', ') : t('releases.noCompanies')}
                </dd>
              </>
            )}
            {release.notes && (
              <>
                <dt>{t('releases.notes')}</dt>
                <dd>{release.notes}</dd>
              </>
            )}
          </dl>
          {children && <div className={styles.actions}>{children}</div>}
        </>
      )}
    </article>
  );
}
