import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { planChangedHref, planNotice } from './planNotice';
import styles from './PlanChangedNotice.module.css';

/** SPEC.md 4: after a plan change the user reloads with `?planChanged=true` to get the new menu. */
export function PlanChangedNotice() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const shown = useSyncExternalStore(planNotice.subscribe, planNotice.isShown);
  if (!shown) return null;
  return (
    <div className={styles.notice} role="status">
      <span>{t('planChanged.body')}</span>
      {/* A full load, so the shell's boot runs again with the flag. */}
      <a className={styles.link} href={planChangedHref(location)}>
        {t('planChanged.reload')}
      </a>
    </div>
  );
}
