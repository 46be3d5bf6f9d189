import { useCallback } from 'react';
import { X } from 'lucide-react';
import type { TransactionsReport } from '@hive/shared/schemas/backoffice/reports';
import { useAreaT } from '../../../i18n';
import type { ReportFormat } from '../../../frames/report';
import styles from './figure.module.css';

/*
 * The filters a report figure's link carries (item, category, payment type, tax, closing, order
 * type), as removable chips, and the figure itself recomputed from exactly the listed receipts:
 * the number the merchant clicked, with what it is said in words.
 */

type Update = (patch: Record<string, string | null>) => void;

const CHIPS = [
  { key: 'item', label: 'item' },
  { key: 'category', label: 'category' },
  { key: 'paymentType', label: 'payment' },
  { key: 'payment', label: 'payment' },
  { key: 'taxRate', label: 'taxRate' },
  { key: 'shift', label: 'shift' },
  { key: 'orderType', label: 'orderType' },
] as const;

/** What a chip says: the name the server found for an id, else the value as given. */
function chipValue(
  key: string,
  values: Record<string, string>,
  data: TransactionsReport | undefined,
  format: ReportFormat,
) {
  const names = data?.names ?? {};
  if (key === 'item') return names.item ?? values.item;
  if (key === 'category') return names.category ?? values.category;
  if (key === 'shift') return String(names.shift ?? values.shift);
  if (key === 'orderType') return names.orderType ?? values.orderType;
  if (key === 'taxRate') {
    const rate = format.cell('basisPoints', Number(values.taxRate));
    return values.tax ? `${values.tax} ${rate}` : rate;
  }
  return values[key]!;
}

export function FilterChips({
  values,
  data,
  format,
  update,
}: {
  values: Record<string, string>;
  data: TransactionsReport | undefined;
  format: ReportFormat;
  update: Update;
}) {
  const { t } = useAreaT('reports');
  const chips = CHIPS.filter((c) => values[c.key]);
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('transactions.filters')}>
      {chips.map((c) => {
        const label = t(`transactions.chip.${c.label}`, { value: chipValue(c.key, values, data, format) });
        return (
          <li key={c.key} className={styles.chip}>
            <span>{label}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={t('transactions.removeChip', { label })}
              onClick={() => update(c.key === 'taxRate' ? { taxRate: null, tax: null } : { [c.key]: null })}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the figure is of: the item, category, payment type or tax its link named. */
function figureName(data: TransactionsReport, values: Record<string, string>, format: ReportFormat) {
  const kind = data.figure.kind;
  return kind === 'item'
    ? (data.names.item ?? values.item)
    : kind === 'category'
      ? (data.names.category ?? values.category)
      : kind === 'payment'
        ? (values.paymentType ?? values.payment)
        : kind === 'tax'
          ? chipValue('taxRate', values, data, format)
          : '';
}

/**
 * The figure's words: "Line amounts of Burrata (net, refunds taken off)"; `part`: the heading of
 * the column of each receipt's part of it ("Burrata, net").
 */
export function useFigureLabel() {
  const { t } = useAreaT('reports');
  return useCallback(
    (data: TransactionsReport, values: Record<string, string>, format: ReportFormat, part = false) =>
      t(`transactions.${part ? 'partOf' : 'figureOf'}.${data.figure.kind}`, { name: figureName(data, values, format) }),
    [t],
  );
}
