import { useMemo, useState } from 'react';
import { createCountSchema, type CountInput, type StockList } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, Button, ConfirmDialog, SelectField, TextAreaField, useToast } from '@hive/shared/ui';
import { fieldErrors, useApi } from '../../../api';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { useFailureMessage } from '../../../frames/resource';
import { choices, inventoryStyles as styles, useInventoryFormat, type InventoryOptions } from '../shared';
import { INVENTORY_URL, useInventoryApi } from '../api';

/** What applying a count would change: the items whose counted quantity differs from on hand. */
interface CountChanges {
  input: CountInput;
  warehouse: string;
  changed: { itemId: number; itemName: string; expected: number; counted: number; averageCost: number }[];
  /** Items counted at what is on hand. */
  unchanged: number;
}

/** The changed items listed in the confirmation; the others are counted in "and N more". */
const LISTED_CHANGES = 10;

/**
 * An inventory count: the warehouse's items with what the system expects; the quantities entered
 * become on hand (each difference is one ledger row). Items left empty are not counted. Applying
 * it asks first, saying how many items change and by how much, since it overwrites on hand.
 */
export function CountSheet({
  options,
  warehouseId,
  onWarehouse,
  onDone,
  onCancel,
}: {
  options: InventoryOptions | undefined;
  warehouseId: number | null;
  onWarehouse: (id: number | null) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useAreaT('inventory');
  const lang = useLanguage();
  const api = useInventoryApi();
  const toast = useToast();
  const format = useInventoryFormat();
  const messages = useValidationMessages();
  const failure = useFailureMessage('inventory:stock');
  const schema = useMemo(() => createCountSchema(messages), [messages]);
  const stock = useApi<StockList>(warehouseId ? INVENTORY_URL.stock : null, {
    warehouseId: warehouseId ?? undefined,
  });
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<CountChanges | null>(null);
  const rows = stock.data?.rows ?? [];

  const review = () => {
    setProblem(null);
    const entered = rows.filter((r) => (counted[r.itemId] ?? '').trim() !== '');
    const input = {
      warehouseId: warehouseId ?? Number.NaN,
      note,
      lines: entered.map((r) => ({ itemId: r.itemId, counted: inputToNumber(counted[r.itemId] ?? '', lang) })),
    };
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        const key = field === 'lines' && typeof index === 'number' ? `item-${entered[index]!.itemId}` : String(field);
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // Against what the sheet shows as expected (the server reads on hand again when it applies).
    const changed = entered
      .map((r) => ({
        itemId: r.itemId,
        itemName: r.itemName,
        expected: r.onHand,
        counted: Number(inputToNumber(counted[r.itemId] ?? '', lang)),
        averageCost: r.averageCost,
      }))
      .filter((l) => l.counted !== l.expected);
    setConfirming({
      input: parsed.data,
      warehouse: rows[0]?.warehouseName ?? '',
      changed,
      unchanged: entered.length - changed.length,
    });
  };

  const apply = async (input: CountInput) => {
    setBusy(true);
    try {
      const saved = await api.applyCount(input);
      toast.success(t('stock.countSaved', { number: saved.number, count: saved.lines.length }));
      onDone();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setProblem(failure(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <form
      className={styles.card}
      aria-label={t('stock.countTitle')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <p className={styles.muted}>{t('stock.countIntro')}</p>
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.grid}>
        <SelectField
          label={t('fields.warehouse')}
          required
          placeholder={t('chooseWarehouse')}
          options={choices(options?.warehouses)}
          value={warehouseId ? String(warehouseId) : ''}
          error={errors.warehouseId}
          onChange={(event) => onWarehouse(event.target.value ? Number(event.target.value) : null)}
        />
        <TextAreaField
          label={t('fields.note')}
          rows={2}
          maxLength={1000}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {errors.lines && (
        <p className={styles.error} role="alert">
          {errors.lines === messages('required') ? t('stock.countNothing') : errors.lines}
        </p>
      )}
      {warehouseId && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.srOnly}>{t('stock.countCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.item')}</th>
                <th scope="col" className={styles.num}>
                  {t('stock.columns.expected')}
                </th>
                <th scope="col">{t('stock.columns.counted')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const error = errors[`item-${r.itemId}`];
                return (
                  <tr key={r.itemId}>
                    <td>{r.itemName}</td>
                    <td className={styles.num}>{format.integer(r.onHand)}</td>
                    <td>
                      <input
                        className={styles.qty}
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={t('stock.countedOf', { item: r.itemName })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `count-error-${r.itemId}` : undefined}
                        value={counted[r.itemId] ?? ''}
                        onChange={(event) => setCounted((c) => ({ ...c, [r.itemId]: event.target.value }))}
                      />
                      {error && (
                        <p id={`count-error-${r.itemId}`} className={styles.error}>
                          {error}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('common:form.saving') : t('stock.applyCount')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:common.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('stock.confirm.title')}
        message={confirming && <CountChangesMessage changes={confirming} />}
        confirmLabel={t('stock.applyCount')}
        cancelLabel={t('stock.confirm.back')}
        busy={busy}
        onConfirm={() => confirming && void apply(confirming.input)}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}

function CountChangesMessage({ changes }: { changes: CountChanges }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  const { changed, unchanged } = changes;
  const listed = changed.slice(0, LISTED_CHANGES);
  const units = changed.reduce((sum, l) => sum + l.counted - l.expected, 0);
  // In cents, so the total is exact; at average cost like the ledger rows the count writes.
  const cents = changed.reduce((sum, l) => sum + Math.round((l.counted - l.expected) * l.averageCost * 100), 0);
  return (
    <>
      <p>{t('stock.confirm.replaces', { warehouse: changes.warehouse })}</p>
      {changed.length === 0 ? (
        <p>{t('stock.confirm.noChange')}</p>
      ) : (
        <>
          <p>
            {t('stock.confirm.changes', {
              count: changed.length,
              units: t('stock.confirm.units', { count: units, n: format.signed(units) }),
              value: format.signedMoney(cents / 100),
            })}
          </p>
          <ul className={styles.changes} aria-label={t('stock.confirm.list')}>
            {listed.map((l) => (
              <li key={l.itemId}>
                {t('stock.confirm.line', {
                  item: l.itemName,
                  expected: format.integer(l.expected),
                  counted: format.integer(l.counted),
                  difference: format.signed(l.counted - l.expected),
                })}
              </li>
            ))}
            {changed.length > listed.length && (
              <li>{t('stock.confirm.more', { count: changed.length - listed.length })}</li>
            )}
          </ul>
          {unchanged > 0 && <p>{t('stock.confirm.unchanged', { count: unchanged })}</p>}
        </>
      )}
    </>
  );
}
