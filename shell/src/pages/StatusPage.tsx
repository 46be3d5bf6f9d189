import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './StatusPage.module.css';

/** The frame of the shell's own full-page messages (unauthorized, session expired, errors). */
export function StatusPage({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="status-title">
        <p className={styles.brand}>Hive POS</p>
        <h1 id="status-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>{children}</div>
        {action && (
          <Link className={styles.action} to={action.to}>
            {action.label}
          </Link>
        )}
      </section>
    </main>
  );
}
