import type { ReactNode } from 'react';
import styles from './settings.module.css';

const KINDS = { on: styles.badgeOn, off: styles.badgeOff, warn: styles.badgeWarn, info: styles.badgeInfo };

/** A short status word in a pill (Active, Archived, Paid...). */
export function Badge({ kind, children }: { kind: keyof typeof KINDS; children: ReactNode }) {
  return <span className={`${styles.badge} ${KINDS[kind]}`}>{children}</span>;
}
