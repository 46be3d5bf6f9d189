import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './RemoteFallback.module.css';

export function RemoteFallback({ name, error, onRetry }: { name: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const area = t(`areas.${name}`, { defaultValue: name });
  return (
    <section className={styles.fallback} role="alert" aria-labelledby="remote-fallback-title">
      <h1 id="remote-fallback-title" className={styles.title}>
        {t('remote.unavailableTitle', { area })}
      </h1>
      <p>{t('remote.unavailableBody')}</p>
      <p className={styles.detail}>{error.message}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onRetry}>
          {t('remote.retry')}
        </button>
        <Link to="/">{t('remote.home')}</Link>
      </div>
    </section>
  );
}
