// CSV in and out, through csv-parse and csv-stringify (kept libraries, not a hand-made parser):
// exports are UTF-8 with a BOM and CRLF, comma or semicolon separated; imports take what
// spreadsheet apps save (BOM or none, CRLF or LF, quoted newlines, comma or semicolon).
import type { Request, Response } from 'express';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { HttpError } from '../../platform/http';
import { noStore } from './query';

/** Spreadsheet apps run cells starting with these as formulas: prefix them with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain amount such as -12.50 is no formula: quoting it would turn a number into text. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet app would run as a formula (=, +, -, @, tab, CR first), quoted with a leading
 * apostrophe so it opens as text. Every exported text cell goes through it: CSV here, IIF too.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
  /** The value is a decimal written as text (e.g. "12.50"): it gets the decimal comma with `;`. */
  decimal?: boolean;
}

/**
 * `,` (the default) or `;`. Excel in Spanish (and most European) locales splits a CSV on the list
 * separator `;` and reads `12.50` as 1250 (the point groups thousands there), so a semicolon file
 * also writes decimals with a comma: it opens cell by cell, numbers as numbers.
 */
export type CsvDelimiter = ',' | ';';

const delimiterQuery = z.object({
  delimiter: z.enum(['comma', 'semicolon'], { error: 'must be comma or semicolon' }).optional(),
});

/** `?delimiter=comma|semicolon` of an export request (400 on anything else). */
export function csvDelimiterOf(req: Request): CsvDelimiter {
  const parsed = delimiterQuery.safeParse({ delimiter: req.query.delimiter });
  if (!parsed.success) {
    throw new HttpError(400, {
      error: 'validation_error',
      message: 'delimiter: must be comma or semicolon',
      fields: { delimiter: 'must be comma or semicolon' },
    });
  }
  return parsed.data.delimiter === 'semicolon' ? ';' : ',';
}

const decimalComma = (text: string, delimiter: CsvDelimiter) =>
  delimiter === ';' && PLAIN_NUMBER.test(text) ? text.replace('.', ',') : text;

function cell(value: unknown, decimal: boolean, delimiter: CsvDelimiter): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return decimalComma(String(value), delimiter);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return decimal ? decimalComma(value, delimiter) : neutraliseFormula(value);
  return String(value);
}

/** Rows as CSV text: a BOM (so Excel reads UTF-8), CRLF line ends, formula-looking text neutralised. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[], delimiter: CsvDelimiter = ','): string {
  const records = [
    columns.map((c) => cell(c.header, false, delimiter)),
    ...rows.map((row) => columns.map((c) => cell(c.value(row), c.decimal ?? false, delimiter))),
  ];
  return stringify(records, {
    bom: true,
    delimiter,
    record_delimiter: 'windows',
    // csv-stringify quotes a cell holding the record delimiter (CRLF), not a lone LF or CR: those
    // would split the row in every reader, so any line break is quoted.
    quoted_match: /[\r\n]/,
  });
}

/**
 * The file as an attachment named `<name>-<date>.csv`, saying its encoding: dated in `timeZone`,
 * the business's (exportSetting in csvExport.ts gives it), never the server's UTC day.
 */
export function sendCsv(res: Response, name: string, body: string, now: number, timeZone: string): void {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  noStore(res)
    .type('text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${name}-${date}.csv"`)
    .send(body);
}

/**
 * The separator of a file, from its header line: the one of `;` and `,` that occurs more often
 * outside quotes (Excel in Spanish locales saves "CSV" with semicolons). A tie is a comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text.replace(/^\ufeff/, '')) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A file that is not CSV: where (1-based row, counting the header, and column) and why. */
export class CsvParseError extends Error {
  constructor(
    readonly row: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`row ${row}, column ${column}: ${problem}`);
  }
}

const PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell goes on after its closing quote',
  INVALID_OPENING_QUOTE: 'a quote inside a cell that does not start with one',
};

/**
 * The rows of a CSV file as spreadsheet apps save it: BOM or none, CRLF or LF, quoted cells with
 * doubled quotes and line breaks, comma or semicolon separated (detected from the header line).
 * Rows may be shorter or longer than the header. Throws CsvParseError naming row and column.
 */
export function parseCsv(text: string, options: { maxRows?: number } = {}): string[][] {
  const delimiter = detectDelimiter(text);
  try {
    // Both line ends at once: a file edited on two systems mixes them (auto-detection takes the
    // first one found and then reads the other as part of a cell).
    return parse(text, {
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      skip_empty_lines: true,
      // Reading stops one row past the caller's limit (it can tell the file is over it): a row of
      // another length than the header costs csv-parse ~50 us, and 1 MB of short rows is ~8 s.
      ...(options.maxRows !== undefined && { to: options.maxRows + 1 }),
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const records = typeof error.records === 'number' ? error.records : 0;
    const index = typeof error.index === 'number' ? error.index : 0;
    throw new CsvParseError(records + 1, index + 1, PROBLEMS[error.code] ?? 'this is not a CSV row');
  }
}

/** `parseCsv` for a request body field: a file that is not CSV is a 400 naming row and column. */
export function parseCsvField(text: string, field: string, options: { maxRows?: number } = {}): string[][] {
  try {
    return parseCsv(text, options);
  } catch (error) {
    if (!(error instanceof CsvParseError)) throw error;
    throw new HttpError(400, {
      error: 'validation_error',
      message: `${field}: ${error.message}`,
      fields: { [field]: error.message },
      row: error.row,
      column: error.column,
    });
  }
}
