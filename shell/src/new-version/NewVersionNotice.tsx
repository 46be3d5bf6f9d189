import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { newVersionNotice } from './newVersionNotice';
import { reloadPage } from './reload';
import styles from './NewVersionNotice.module.css';

/** "A new version is available": the user reloads when it suits them (a form half filled stays). */
export function NewVersionNotice() {
  const { t } = useTranslation('shell');
  const shown = useSyncExternalStore(newVersionNotice.subscribe, newVersionNotice.isShown);
  if (!shown) return null;
  return (
    <div className={styles.notice} role="status">
      <span className={styles.text}>{t('newVersion.body')}</span>
      <span className={styles.actions}>
        <button type="button" className={styles.reload} onClick={() => reloadPage()}>
          {t('newVersion.reload')}
        </button>
        <button
          type="button"
          className={styles.dismiss}
          aria-label={t('newVersion.dismiss')}
          title={t('newVersion.dismiss')}
          onClick={() => newVersionNotice.dismiss()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </span>
    </div>
  );
}
