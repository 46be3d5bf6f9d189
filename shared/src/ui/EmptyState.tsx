import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  icon?: ReactNode;
  /** e.g. a "Create the first item" button. */
  action?: ReactNode;
  /** Without the dashed box (inside a table cell). */
  plain?: boolean;
  /** Heading level of the title (default 2). */
  level?: 2 | 3;
}

export function EmptyState({ title, message, icon, action, plain = false, level = 2 }: EmptyStateProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className={[styles.empty, plain && styles.plain].filter(Boolean).join(' ')}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <Inbox size={24} />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.message}>{message}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
