import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, CheckboxField, cardCell, tableCards } from '@hive/shared/ui';
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
 * sideways in a focusable region, so they read on a 360 px screen and by keyboard, their first
 * column (what a row is) staying in view; with `cards`, a phone reads each row as a card instead.
 */
export function ReportTable({
  spec,
  format,
  pager,
  level = 2,
  actions,
  cards,
  choice,
}: {
  spec: ReportTableSpec;
  format: ReportFormat;
  pager?: Pager;
  level?: 2 | 3;
  /** Beside the title (e.g. a link to a detail). */
  actions?: ReactNode;
  /** On a narrow screen, each row as a card: the first column as its title, then these columns. */
  cards?: readonly string[];
  /** The reader chooses the columns shown (the first always is): these are hidden at first. */
  choice?: { hidden: readonly string[] };
}) {
  const { t } = useAreaT('reports');
  const id = useId();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(choice?.hidden ?? []));
  const columns = choice ? spec.columns.filter((c, k) => k === 0 || !hidden.has(c.id)) : spec.columns;
  const card = (c: ReportTableSpec['columns'][number], k: number) =>
    cards ? cardCell(k === 0 ? 'title' : cards.includes(c.id) ? 'key' : undefined, c.header) : {};
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
  // The first cell heads its row (and stays in view when the table scrolls sideways).
  const line = (row: unknown, key?: number) => (
    <tr key={key}>
      {columns.map((c, k) =>
        k === 0 ? (
          <th
            key={c.id}
            scope="row"
            className={[numeric(c) ? styles.num : styles.rowHead, styles.sticky].join(' ')}
            {...card(c, k)}
          >
            {cell(c, row)}
          </th>
        ) : (
          <td key={c.id} className={numeric(c) ? styles.num : c.wrap ? styles.wrap : undefined} {...card(c, k)}>
            {cell(c, row)}
          </td>
        ),
      )}
    </tr>
  );
  const pages = pager ? Math.max(1, Math.ceil(pager.total / pager.pageSize)) : 1;
  return (
    <section className={styles.tableBlock} aria-labelledby={id}>
      <div className={styles.tableHead}>
        <Heading id={id} className={styles.tableTitle}>
          {spec.title}
        </Heading>
        {actions}
        {choice && (
          <ColumnChoice
            title={spec.title}
            columns={spec.columns.slice(1)}
            hidden={hidden}
            onChange={(column, shown) =>
              setHidden((before) => {
                const next = new Set(before);
                if (shown) next.delete(column);
                else next.add(column);
                return next;
              })
            }
          />
        )}
      </div>
      <div className={cards ? tableCards.host : undefined}>
        <div className={styles.scroller} role="region" aria-labelledby={id} tabIndex={0}>
          <table className={[styles.table, cards && tableCards.table].filter(Boolean).join(' ')} aria-labelledby={id}>
            <thead>
              <tr>
                {columns.map((c, k) => (
                  <th
                    key={c.id}
                    scope="col"
                    className={
                      [numeric(c) && styles.num, k === 0 && styles.sticky].filter(Boolean).join(' ') || undefined
                    }
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {spec.rows.length === 0 ? (
                <tr>
                  <td className={styles.empty} colSpan={columns.length} {...cardCell(cards && 'state')}>
                    {spec.empty}
                  </td>
                </tr>
              ) : (
                spec.rows.map((row, index) => line(row, index))
              )}
            </tbody>
            {spec.footer !== undefined && spec.rows.length > 0 && <tfoot>{line(spec.footer)}</tfoot>}
          </table>
        </div>
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

/** "Columns": which of a table's columns are shown (a disclosure of checkboxes by the title). */
function ColumnChoice({
  title,
  columns,
  hidden,
  onChange,
}: {
  title: string;
  columns: ReportTableSpec['columns'];
  hidden: ReadonlySet<string>;
  onChange: (column: string, shown: boolean) => void;
}) {
  const { t } = useAreaT('reports');
  return (
    <details className={styles.choice}>
      <summary>{t('frame.columns')}</summary>
      <fieldset className={styles.choiceList}>
        <legend className={styles.srOnly}>{t('frame.columnsOf', { title })}</legend>
        {columns.map((c) => (
          <CheckboxField
            key={c.id}
            label={c.header}
            checked={!hidden.has(c.id)}
            onChange={(e) => onChange(c.id, e.target.checked)}
          />
        ))}
      </fieldset>
    </details>
  );
}
