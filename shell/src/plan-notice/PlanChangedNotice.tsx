import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { planChangedHref, planNotice } from './planNotice';
import styles from './PlanChangedNotice.module.css';

/** After a change of plan or of the user's access, the user reloads with `?planChanged=true` to get the new menu. */
export function PlanChangedNotice() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const kind = useSyncExternalStore(planNotice.subscribe, planNotice.kind);
  if (!kind) return null;
  return (
    <div className={styles.notice} role="status">
      <span>{t(kind === 'access' ? 'planChanged.accessBody' : 'planChanged.body')}</span>
      {/* A full load, so the shell's boot runs again with the flag. */}
      <a className={styles.link} href={planChangedHref(location)}>
        {t('planChanged.reload')}
      </a>
    </div>
  );
}
