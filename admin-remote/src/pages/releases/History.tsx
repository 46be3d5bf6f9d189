import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components';
import { describeActor, describeRegisteredBy, formatFigure } from './format';
import { StateBadge } from './StateBadge';
import type { ReleaseJson } from './types';
import styles from './releases.module.css';

function Rollback({ release }: { release: ReleaseJson }) {
  const { t, i18n } = useTranslation('login');
  const rollback = release.rollback;
  if (!rollback) return null;
  const figures = Object.entries(rollback.figures ?? {});
  return (
    <div className={styles.rollback}>
      <p>
        <strong>{rollback.automatic ? t('releases.history.automaticRollback') : t('releases.history.rollback')}</strong>
        {rollback.reason && ` ${t('releases.history.reason', { reason: rollback.reason })}`}
      </p>
      {figures.length > 0 && <p className={styles.muted}>{t('releases.history.figures')}</p>}
      {figures.length > 0 && (
        <dl className={styles.figures}>
          {figures.map(([name, value]) => (
            <div key={name}>
              <dt>{t(`releases.figures.${name}`, { defaultValue: name })}</dt>
              <dd>{formatFigure(name, value, i18n.language)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Every release of a remote, newest first: its state, who did what when, and why. */
export function History({
  releases,
  actionsFor,
}: {
  releases: ReleaseJson[];
  actionsFor: (release: ReleaseJson) => ReactNode;
}) {
  const { t, i18n } = useTranslation('login');
  const lng = i18n.language;
  if (releases.length === 0) return <p className={styles.muted}>{t('releases.history.empty')}</p>;
  return (
    <ol className={styles.history}>
      {releases.map((release) => {
        const actions = actionsFor(release);
        return (
          <li key={release.id} className={styles.historyItem}>
            <p className={styles.version}>
              <strong>{release.version}</strong> <StateBadge state={release.state} />
              <span className={styles.muted}>
                {t('releases.history.registered', {
                  by: describeRegisteredBy(t, release),
                  when: formatDateTime(release.registeredAt, lng),
                })}
              </span>
            </p>
            <Rollback release={release} />
            {release.events.length > 0 && (
              <details>
                <summary>{t('releases.history.events', { count: release.events.length })}</summary>
                <ol className={styles.events}>
                  {release.events.map((event, i) => (
                    <li key={i}>
                      <span className={styles.nowrap}>{formatDateTime(event.at, lng)}</span>{' '}
                      <strong>{t(`releases.events.${event.action}`, { defaultValue: event.action })}</strong>{' '}
                      {t('releases.history.by', { by: describeActor(t, event.by) })}
                      {event.reason && ` · ${t('releases.history.reason', { reason: event.reason })}`}
                    </li>
                  ))}
                </ol>
              </details>
            )}
            {actions && <div className={styles.actions}>{actions}</div>}
          </li>
        );
      })}
    </ol>
  );
}
