import type { ReactNode } from 'react';
import styles from './components.module.css';

const KINDS = {
  on: styles.badgeOn,
  off: styles.badgeOff,
  warn: styles.badgeWarn,
  info: styles.badgeInfo,
  danger: styles.badgeDanger,
};
export type BadgeKind = keyof typeof KINDS;

/** A short status word in a pill (Active, Archived, Online...). */
export function Badge({ kind, children }: { kind: BadgeKind; children: ReactNode }) {
  return <span className={`${styles.badge} ${KINDS[kind]}`}>{children}</span>;
}
