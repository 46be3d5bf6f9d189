import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { changeOf } from '@hive/shared/schemas/backoffice/reports';
import { useAreaT } from '../../i18n';
import type { ReportFormat } from './format';
import type { CellKind } from './table';
import styles from './frame.module.css';

export interface Kpi {
  id: string;
  label: string;
  kind: CellKind;
  value: number | null;
  /** The previous period's value, when comparing. */
  previous?: number | null;
  /** A rise is bad news (refunds). */
  inverse?: boolean;
  /** Two tiles wide where there is room: a figure whose label says in words what it is. */
  wide?: boolean;
}

/** The key figures of a report, each with its change against the previous period when comparing. */
export function Kpis({ items, format, label }: { items: Kpi[]; format: ReportFormat; label: string }) {
  const { t } = useAreaT('reports');
  return (
    <ul className={styles.tiles} aria-label={label}>
      {items.map((kpi) => {
        const comparing = kpi.previous !== undefined;
        const change = comparing && kpi.value !== null ? changeOf(kpi.value, kpi.previous ?? 0) : null;
        const up = change !== null && change > 0.0005;
        const down = change !== null && change < -0.0005;
        const good = kpi.inverse ? down : up;
        const bad = kpi.inverse ? up : down;
        const Icon = up ? ArrowUpRight : down ? ArrowDownRight : Minus;
        return (
          <li key={kpi.id} className={kpi.wide ? `${styles.tile} ${styles.tileWide}` : styles.tile}>
            <span className={styles.tileLabel}>{kpi.label}</span>
            <strong className={styles.tileValue}>{format.cell(kpi.kind, kpi.value)}</strong>
            {comparing && (
              <span className={[styles.change, good && styles.good, bad && styles.bad].filter(Boolean).join(' ')}>
                {change === null ? (
                  t('frame.noPrevious')
                ) : (
                  <>
                    <Icon size={16} aria-hidden="true" />
                    {t('frame.change', { change: format.change(change) })}
                  </>
                )}
              </span>
            )}
            {comparing && (
              <span className={styles.previousValue}>
                {t('frame.previousValue', { value: format.cell(kpi.kind, kpi.previous ?? 0) })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
