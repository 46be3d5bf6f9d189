import { useId, useState } from 'react';
import type { InventorySettings } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, Button, CheckboxField, useToast } from '@hive/shared/ui';
import { httpStatus, useApi } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { inventoryStyles as styles } from '../shared';
import { INVENTORY_URL, useInventoryApi } from '../api';

/**
 * "Allow negative stock" (company-wide), saved as soon as it is changed. Shown to the users the
 * server lets read and change it (the /stock page's users); a 403 shows nothing.
 */
export function NegativeStockSetting() {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const failure = useFailureMessage('inventory:stock');
  const titleId = useId();
  const settings = useApi<InventorySettings>(INVENTORY_URL.settings);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  if (settings.error && httpStatus(settings.error) === 403) return null;
  const allowed = saved ?? settings.data?.allowNegativeStock;

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      const answer = await api.saveSettings({ allowNegativeStock: next });
      setSaved(answer.allowNegativeStock);
      toast.success(t(answer.allowNegativeStock ? 'stock.settings.nowAllowed' : 'stock.settings.nowRefused'));
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('stock.settings.title')}
      </h2>
      {settings.error ? (
        <Alert kind="error" action={<Button onClick={settings.reload}>{t('common:common.tryAgain')}</Button>}>
          {failure(settings.error)}
        </Alert>
      ) : allowed === undefined ? (
        <p role="status">{t('common:common.loading')}</p>
      ) : (
        <CheckboxField
          label={t('stock.settings.allowNegative')}
          hint={t('stock.settings.allowNegativeHint')}
          checked={allowed}
          disabled={busy}
          aria-busy={busy || undefined}
          onChange={(event) => void change(event.target.checked)}
        />
      )}
    </section>
  );
}
