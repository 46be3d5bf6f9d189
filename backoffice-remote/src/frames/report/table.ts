/**
 * What a report shows as a table, described once: the page renders it and the CSV export writes
 * the same columns and rows (exactly what is on screen, numbers unformatted).
 */
/**
 * `hours`: minutes shown and exported as decimal hours (450 -> 7.50), as payroll sheets count them.
 * `basisPoints`: hundredths of a percent (2534 -> 25.34 %), shown and exported with two decimals.
 */
export type CellKind = 'money' | 'int' | 'percent' | 'change' | 'hours' | 'basisPoints' | 'text';

export interface ReportColumn<T> {
  id: string;
  header: string;
  /** One kind for the column, or per row (a summary listing money, counts and a margin). */
  kind: CellKind | ((row: T) => CellKind);
  /** Money in cents; percent and change as fractions (0.25 = 25 %); null = nothing. */
  value: (row: T) => number | string | null;
  /** Long text that wraps on screen (a definition). */
  wrap?: boolean;
  /** On screen only: a link for the cell (the CSV keeps the value). */
  href?: (row: T) => string | null;
  /** What the link opens, said after the figure ("$120.00, Show the receipts of Mon, Nov 23"). */
  linkLabel?: (row: T) => string;
  /** On screen only: a word beside the number, e.g. "short" for a negative difference. */
  note?: (row: T) => { text: string; tone: 'good' | 'bad' } | null;
}

export interface ReportTableSpec<T = unknown> {
  id: string;
  title: string;
  columns: ReportColumn<T>[];
  rows: T[];
  /** A totals row under the rows. */
  footer?: T;
  /** Shown when there are no rows. */
  empty: string;
}

/** Helper that keeps the row type of a table's columns. */
export function table<T>(spec: ReportTableSpec<T>): ReportTableSpec<unknown> {
  return spec as ReportTableSpec<unknown>;
}

/** Spreadsheet apps run text cells starting with these as formulas: a quote in front stops them. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function kindOf<T>(column: ReportColumn<T>, row: T): CellKind {
  return typeof column.kind === 'function' ? column.kind(row) : column.kind;
}

function csvCell(value: number | string | null, kind: CellKind, delimiter: ',' | ';'): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    text =
      kind === 'money'
        ? (value / 100).toFixed(2)
        : kind === 'hours'
          ? (value / 60).toFixed(2)
          : kind === 'basisPoints'
            ? (value / 100).toFixed(2)
            : kind === 'percent' || kind === 'change'
              ? (value * 100).toFixed(1)
              : String(value);
    // With semicolons (Excel in Spanish locales) the decimal separator is a comma too.
    if (delimiter === ';') text = text.replace('.', ',');
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  const quote = text.includes(delimiter) || /["\r\n]/.test(text);
  return quote ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The tables as one CSV text (RFC 4180, CRLF, with a BOM so spreadsheet apps read UTF-8), comma or
 * semicolon separated (a semicolon file writes decimal commas: what Excel in Spanish reads). With
 * several tables, each starts with its title on a line of its own and they are apart by a blank line.
 * Written here rather than with csv-stringify: its browser build carries a Buffer polyfill (about
 * 18 kB gzipped) for these few lines; the server's CSV, imports included, uses the library.
 */
export function tablesToCsv(tables: readonly ReportTableSpec[], delimiter: ',' | ';' = ','): string {
  const blocks = tables.map((t) => {
    const lines: string[] = [];
    if (tables.length > 1) lines.push(csvCell(t.title, 'text', delimiter));
    lines.push(t.columns.map((c) => csvCell(c.header, 'text', delimiter)).join(delimiter));
    for (const row of [...t.rows, ...(t.footer ? [t.footer] : [])]) {
      lines.push(t.columns.map((c) => csvCell(c.value(row), kindOf(c, row), delimiter)).join(delimiter));
    }
    return lines.join('\r\n');
  });
  return `\ufeff${blocks.join('\r\n\r\n')}\r\n`;
}

/** Saves `text` as a file (a download the browser names `name`). */
export function saveCsv(name: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
