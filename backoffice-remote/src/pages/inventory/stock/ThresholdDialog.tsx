import { useMemo, useState } from 'react';
import { createThresholdSchema, type StockRow } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, DecimalField, FormDialog, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { inputToNumber } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useInventoryApi } from '../api';

/** The low-stock threshold of one item in one warehouse (empty: no alert). */
export function ThresholdDialog({
  row,
  onClose,
  onSaved,
}: {
  row: StockRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const failure = useFailureMessage('inventory:stock');
  const schema = useMemo(() => createThresholdSchema(messages), [messages]);
  const [value, setValue] = useState(row.lowStock === null ? '' : String(row.lowStock));
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setProblem(null);
    const input = {
      itemId: row.itemId,
      warehouseId: row.warehouseId,
      lowStock: inputToNumber(value, lang),
    };
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'lowStock')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.saveThreshold(parsed.data);
      toast.success(t('stock.thresholdSaved', { item: row.itemName, warehouse: row.warehouseName }));
      onSaved();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.lowStock) setError(fields.lowStock);
      else setProblem(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('stock.thresholdTitle', { item: row.itemName, warehouse: row.warehouseName })}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      submitLabel={t('common:form.save')}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onCancel={onClose}
    >
      <DecimalField
        label={t('stock.fields.lowStock')}
        hint={t('stock.hints.lowStock')}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
    </FormDialog>
  );
}
