import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import styles from '../ordering.module.css';

/**
 * The storefront chrome: a slim header with the language switch, then the page. The server's first
 * screen (`firstScreen`) is the same frame, not yet the area: it says what needs JavaScript.
 */
export function Frame({
  storeName,
  children,
  firstScreen = false,
}: {
  storeName?: string;
  children: ReactNode;
  firstScreen?: boolean;
}) {
  const { t } = useTranslation('ordering');
  return (
    <div className={styles.frame} data-area={firstScreen ? undefined : 'ordering'}>
      <header className={styles.header}>
        <span className={styles.brand}>{storeName ?? t('title')}</span>
        <LanguageSwitch />
      </header>
      <main className={styles.main} id="ordering-main">
        {firstScreen && (
          <noscript>
            <p className={styles.noscript}>{t('store.noscript')}</p>
          </noscript>
        )}
        {children}
      </main>
    </div>
  );
}

export function Notice({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className={styles.notice} aria-labelledby="ordering-notice-title">
      <h1 id="ordering-notice-title" className={styles.title}>
        {title}
      </h1>
      <p>{children}</p>
      {action}
    </section>
  );
}
