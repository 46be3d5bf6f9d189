import { useTranslation } from 'react-i18next';
import type { StoreProfile } from '@hive/shared/schemas/ordering';
import styles from '../ordering.module.css';

export function StoreInfo({ profile }: { profile: StoreProfile }) {
  const { t } = useTranslation('ordering');
  const days = t('store.days', { returnObjects: true }) as unknown;
  const dayNames = Array.isArray(days) ? (days as string[]) : ['0', '1', '2', '3', '4', '5', '6'];
  return (
    <section className={styles.storeInfo} aria-labelledby="ordering-store-name">
      <h1 id="ordering-store-name" className={styles.title}>
        {profile.name}
      </h1>
      <p className={profile.openNow ? styles.open : styles.closedBadge} role="status">
        {profile.openNow ? t('store.openNow') : t('store.closedNow')}
      </p>
      <details className={styles.hours}>
        <summary>{t('store.hours')}</summary>
        <dl>
          {profile.hours.map((day, index) => (
            <div key={index} className={styles.hoursRow}>
              <dt>{dayNames[index]}</dt>
              <dd>{day ? `${day.open}–${day.close}` : t('store.closedDay')}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>{t('store.timezone', { tz: profile.timezone })}</p>
      </details>
      <p className={styles.muted}>{t('store.lead', { minutes: profile.leadMinutes })}</p>
    </section>
  );
}
