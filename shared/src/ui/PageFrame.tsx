import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './PageFrame.module.css';

export interface Crumb {
  label: string;
  /** A link when given; the last crumb (the current page) never links. */
  to?: string;
}

export interface PageFrameProps {
  title: string;
  breadcrumb?: Crumb[];
  description?: ReactNode;
  /** Buttons at the top right (create, export...). */
  actions?: ReactNode;
  /** Sets document.title to "`title` · `documentTitleSuffix`" while mounted. */
  documentTitleSuffix?: string;
  /** Accessible name of the breadcrumb navigation. */
  breadcrumbLabel?: string;
  children?: ReactNode;
}

/** Title, breadcrumb and actions of a page: every page of every remote starts with this. */
export function PageFrame({
  title,
  breadcrumb = [],
  description,
  actions,
  documentTitleSuffix,
  breadcrumbLabel = 'Breadcrumb',
  children,
}: PageFrameProps) {
  const titleId = useId();
  useEffect(() => {
    if (!documentTitleSuffix) return;
    const previous = document.title;
    document.title = `${title} · ${documentTitleSuffix}`;
    return () => {
      document.title = previous;
    };
  }, [title, documentTitleSuffix]);

  return (
    <section className={styles.frame} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={styles.titles}>
          {breadcrumb.length > 0 && (
            <nav aria-label={breadcrumbLabel}>
              <ol className={styles.crumbs}>
                {breadcrumb.map((crumb, index) => {
                  const last = index === breadcrumb.length - 1;
                  return (
                    <li key={`${crumb.label}-${index}`}>
                      {crumb.to && !last ? (
                        <Link to={crumb.to}>{crumb.label}</Link>
                      ) : (
                        <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                      )}
                      {!last && (
                        <span className={styles.separator} aria-hidden="true">
                          /
                        </span>
                      )}
                    </li>
                  );
                })}
              </ol>
            </nav>
          )}
          <h1 id={titleId} className={styles.title} tabIndex={-1}>
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
