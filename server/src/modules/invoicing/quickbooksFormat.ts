// QuickBooks journal entries: the one shape every export kind is built as, then written as CSV
// (QuickBooks Online) or IIF (QuickBooks Desktop).

import { neutraliseFormula } from '../merchant';

export interface Split {
  account: string;
  /** Positive: debit; negative: credit. */
  cents: number;
  name: string;
  memo: string;
}

export interface Entry {
  /** QuickBooks Desktop's transaction type. */
  type: 'GENERAL JOURNAL' | 'INVOICE' | 'PAYMENT';
  date: string;
  doc: string;
  splits: Split[];
}

export const decimal = (cents: number) => (cents / 100).toFixed(2);
/** IIF and QuickBooks' CSV importers read US dates. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/**
 * Tabs and newlines would break an IIF row; quotes confuse its reader. IIF files open in
 * spreadsheet apps too, so a text cell that would run as a formula is quoted as the CSVs do; the
 * amount column is written by decimal() and left alone (a credit's -12.50 stays a number).
 */
const iifCell = (value: string) => neutraliseFormula(value).replace(/[\t\r\n"]/g, ' ');

export function toIif(entries: Entry[]): string {
  const head = [
    '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
    '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
    '!ENDTRNS',
  ];
  const lines = [...head];
  for (const e of entries) {
    e.splits.forEach((s, i) => {
      lines.push(
        [
          i === 0 ? 'TRNS' : 'SPL',
          '',
          e.type,
          usDate(e.date),
          iifCell(s.account),
          iifCell(s.name),
          decimal(s.cents),
          iifCell(e.doc),
          iifCell(s.memo),
        ].join('\t'),
      );
    });
    lines.push('ENDTRNS');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** QuickBooks Online's journal entry import: one row per line, debits and credits in their columns. */
export function journalCsv(entries: Entry[]): { columns: string[]; rows: string[][] } {
  const columns = ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'];
  const rows = entries.flatMap((e) =>
    e.splits.map((s) => [
      e.doc,
      usDate(e.date),
      s.account,
      s.cents > 0 ? decimal(s.cents) : '',
      s.cents < 0 ? decimal(-s.cents) : '',
      s.memo,
      s.name,
    ]),
  );
  return { columns, rows };
}
