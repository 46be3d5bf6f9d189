import { useLocation } from 'react-router-dom';
import { areaOfPath } from '../remotes/areaOfPath';
import { PlanChangedNotice } from '../plan-notice';
import { NewVersionNotice } from '../new-version';
import styles from './NoticeStack.module.css';

/** The shell's notices, stacked at the bottom of every page (above the storefront's cart bar). */
export function NoticeStack() {
  const { pathname } = useLocation();
  const storefront = areaOfPath(pathname) === 'ordering';
  return (
    <div className={storefront ? `${styles.stack} ${styles.storefront}` : styles.stack}>
      <PlanChangedNotice />
      <NewVersionNotice />
    </div>
  );
}
