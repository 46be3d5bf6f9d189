import { useTranslation } from 'react-i18next';
import { Alert, Button, EmptyState, PageFrame } from '@hive/shared/ui';
import { describeProblem, useAdminQuery, useCan } from '../../api';
import { ReadOnlyNote } from '../../components';
import { RELEASES_URL } from './api';
import { RemoteSection } from './RemoteSection';
import { REMOTE_ORDER, type AdminReleasesAnswer, type RemoteReleases } from './types';
import styles from './releases.module.css';

function ordered(remotes: RemoteReleases[]): RemoteReleases[] {
  const rank = (remote: string) => {
    const i = REMOTE_ORDER.indexOf(remote as (typeof REMOTE_ORDER)[number]);
    return i < 0 ? REMOTE_ORDER.length : i;
  };
  return [...remotes].sort((a, b) => rank(a.remote) - rank(b.remote));
}

/**
 * `/admin/releases` (issue 44): per remote the active release and the canary, their health from
 * real browsers side by side, the history, and promote / roll back / canary for the roles with
 * `releases.write`.
 */
export function ReleasesPage() {
  const { t } = useTranslation('login');
  const query = useAdminQuery<AdminReleasesAnswer>(RELEASES_URL.releases);
  // The actions only for a role that may take them (GET /api/admin/me); the server decides anyway.
  const canWrite = useCan('releases.write') === true;
  const remotes = ordered(query.data?.remotes ?? []);
  const none = remotes.every((r) => r.releases.length === 0 && !r.active && !r.canary);

  let body;
  if (query.error && !query.data) {
    body = (
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
    );
  } else if (!query.data) {
    body = (
      <p role="status" className={styles.muted}>
        {t('common.loading')}
      </p>
    );
  } else if (none) {
    body = <EmptyState title={t('releases.empty')} message={t('releases.emptyMessage')} />;
  } else {
    body = remotes.map((entry) => (
      <RemoteSection key={entry.remote} entry={entry} canWrite={canWrite} onChanged={query.reload} />
    ));
  }

  return (
    <PageFrame
      title={t('releases.title')}
      description={t('releases.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['releases.write']} />
      <div className={styles.page} aria-busy={query.loading || undefined}>
        {query.error && query.data ? <Alert kind="error">{describeProblem(t, query.error)}</Alert> : null}
        {body}
      </div>
    </PageFrame>
  );
}
