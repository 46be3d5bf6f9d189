import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@hive/shared/ui';
import { useAreaT } from '../../i18n';
import type { ReportFormat } from './format';
import { kindOf, type ReportTableSpec } from './table';
import styles from './frame.module.css';

export interface Pager {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * One table of a report, from its spec (the CSV export writes the same spec). Wide tables scroll
 * sideways in a focusable region, so they read on a 360 px screen and by keyboard.
 */
export function ReportTable({
  spec,
  format,
  pager,
  level = 2,
  actions,
}: {
  spec: ReportTableSpec;
  format: ReportFormat;
  pager?: Pager;
  level?: 2 | 3;
  /** Beside the title (e.g. a link to a detail). */
  actions?: ReactNode;
}) {
  const { t } = useAreaT('reports');
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const numeric = (column: ReportTableSpec['columns'][number]) => column.kind !== 'text';
  const cell = (column: ReportTableSpec['columns'][number], row: unknown) => {
    const value = column.value(row);
    const text = format.cell(kindOf(column, row), value);
    const href = column.href?.(row) ?? null;
    const note = column.note?.(row) ?? null;
    return (
      <>
        {href ? (
          <Link
            to={href}
            // The figure first, so the name starts with what is seen (label in name).
            aria-label={column.linkLabel ? `${text}, ${column.linkLabel(row)}` : undefined}
            title={column.linkLabel?.(row)}
          >
            {text}
          </Link>
        ) : (
          text
        )}
        {note && <span className={note.tone === 'bad' ? styles.bad : styles.good}> {note.text}</span>}
      </>
    );
  };
  const pages = pager ? Math.max(1, Math.ceil(pager.total / pager.pageSize)) : 1;
  return (
    <section className={styles.tableBlock} aria-labelledby={id}>
      <div className={styles.tableHead}>
        <Heading id={id} className={styles.tableTitle}>
          {spec.title}
        </Heading>
        {actions}
      </div>
      <div className={styles.scroller} role="region" aria-labelledby={id} tabIndex={0}>
        <table className={styles.table} aria-labelledby={id}>
          <thead>
            <tr>
              {spec.columns.map((c) => (
                <th key={c.id} scope="col" className={numeric(c) ? styles.num : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.rows.length === 0 ? (
              <tr>
                <td className={styles.empty} colSpan={spec.columns.length}>
                  {spec.empty}
                </td>
              </tr>
            ) : (
              spec.rows.map((row, index) => (
                <tr key={index}>
                  {spec.columns.map((c, k) =>
                    k === 0 ? (
                      <th key={c.id} scope="row" className={numeric(c) ? styles.num : styles.rowHead}>
                        {cell(c, row)}
                      </th>
                    ) : (
                      <td key={c.id} className={numeric(c) ? styles.num : c.wrap ? styles.wrap : undefined}>
                        {cell(c, row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
          {spec.footer !== undefined && spec.rows.length > 0 && (
            <tfoot>
              <tr>
                {spec.columns.map((c, k) =>
                  k === 0 ? (
                    <th key={c.id} scope="row" className={numeric(c) ? styles.num : styles.rowHead}>
                      {cell(c, spec.footer)}
                    </th>
                  ) : (
                    <td key={c.id} className={numeric(c) ? styles.num : undefined}>
                      {cell(c, spec.footer)}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {pager && pager.total > pager.pageSize && (
        <nav className={styles.pager} aria-label={t('frame.pages', { title: spec.title })}>
          <span aria-live="polite">
            {t('frame.rows', {
              from: format.integer((pager.page - 1) * pager.pageSize + 1),
              to: format.integer(Math.min(pager.total, pager.page * pager.pageSize)),
              total: format.integer(pager.total),
            })}
          </span>
          <Button
            size="small"
            iconOnly
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={pager.page <= 1}
            onClick={() => pager.onPage(pager.page - 1)}
          >
            {t('frame.previousPage')}
          </Button>
          <span>{t('frame.pageOf', { page: format.integer(pager.page), pages: format.integer(pages) })}</span>
          <Button
            size="small"
            iconOnly
            icon={<ChevronRight size={16} aria-hidden="true" />}
            disabled={pager.page >= pages}
            onClick={() => pager.onPage(pager.page + 1)}
          >
            {t('frame.nextPage')}
          </Button>
        </nav>
      )}
    </section>
  );
}
