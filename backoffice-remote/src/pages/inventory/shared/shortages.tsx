import type { StockShortage } from '@hive/shared/schemas/backoffice/inventory';
import { apiErrorBody, httpStatus } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useInventoryFormat } from './format';
import styles from './inventory.module.css';

/** The shortages of a 409 `insufficient_stock` answer, or null for any other failure. */
export function shortagesOf(error: unknown): StockShortage[] | null {
  if (httpStatus(error) !== 409) return null;
  const body = apiErrorBody(error) as { error: string; shortages?: StockShortage[] } | null;
  return body?.error === 'insufficient_stock' && Array.isArray(body.shortages) ? body.shortages : null;
}

/** What a document would take out that is not there, one item a line, with the names the form knows. */
export function ShortageList({
  shortages,
  itemName,
  warehouseName,
}: {
  shortages: StockShortage[];
  itemName: (id: number) => string;
  warehouseName: (id: number) => string;
}) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return (
    <div role="alert">
      <p className={styles.error}>{t('shortages.title', { count: shortages.length })}</p>
      <ul className={styles.shortages} aria-label={t('shortages.list')}>
        {shortages.map((s) => (
          <li key={`${s.itemId}-${s.warehouseId}`}>
            {t('shortages.line', {
              item: itemName(s.itemId),
              warehouse: warehouseName(s.warehouseId),
              needed: format.integer(s.needed),
              onHand: format.integer(s.onHand),
            })}
          </li>
        ))}
      </ul>
      <p className={`${styles.small} ${styles.muted}`}>{t('shortages.hint')}</p>
    </div>
  );
}
