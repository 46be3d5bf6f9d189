import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_SCREEN_ID } from '@hive/shared/config';
import { Link } from 'react-router-dom';
import { RemoteIncompatibleError } from './contract';
import styles from './RemoteFallback.module.css';

/**
 * An area that cannot be shown: not reachable (network, deployment), or refused because its build
 * needs another shell contract ("being updated": the team is shipping; "Try again" re-checks).
 */
export function RemoteFallback({ name, error, onRetry }: { name: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const area = t(`areas.${name}`, { defaultValue: name });
  const updating = error instanceof RemoteIncompatibleError;
  // The server's first screen of this area (the storefront's) hides the shell's root until the area
  // takes over: an area that cannot, the fallback replaces it, or the visitor would never see this.
  useLayoutEffect(() => document.getElementById(FIRST_SCREEN_ID)?.remove(), []);
  return (
    <section className={styles.fallback} role="alert" aria-labelledby="remote-fallback-title">
      <h1 id="remote-fallback-title" className={styles.title}>
        {updating ? t('remote.updatingTitle') : t('remote.unavailableTitle', { area })}
      </h1>
      <p>{updating ? t('remote.updatingBody', { area }) : t('remote.unavailableBody')}</p>
      {!updating && <p className={styles.detail}>{error.message}</p>}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onRetry}>
          {t('remote.retry')}
        </button>
        <Link to="/">{t('remote.home')}</Link>
      </div>
    </section>
  );
}
