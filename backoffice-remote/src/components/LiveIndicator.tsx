import { useLiveStatus } from '@hive/shared/shell-contract';
import { useT } from '../i18n';
import styles from './components.module.css';

/**
 * The live pages' one status: "Live" while the tab's stream is open (the page refreshes as changes
 * arrive), "Reconnecting…" while it is not (the page polls meanwhile). A polite live region, so a
 * screen reader hears the change; the dot is decoration.
 */
export function LiveIndicator() {
  const { t } = useT();
  const live = useLiveStatus() === 'live';
  const text = live ? t('common.live') : t('common.reconnecting');
  return (
    <span role="status" aria-label={text} className={`${styles.live} ${live ? styles.liveOn : styles.liveOff}`}>
      <span aria-hidden="true" className={styles.liveDot} />
      {text}
    </span>
  );
}
