import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ADJUSTMENT_REASONS,
  createAdjustmentSchema,
  type Adjustment,
  type StockShortage,
} from '@hive/shared/schemas/backoffice/inventory';
import { Button, SelectField, TextAreaField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  LinesEditor,
  ShortageList,
  choices,
  inventoryStyles as styles,
  shortagesOf,
  useInventoryFormat,
  WithOptions,
  type InventoryOptions,
  useLinesResolver,
} from '../shared';
import { INVENTORY_ENDPOINT, useInventoryApi } from '../api';

const MONEY = { decimals: 2 };

type Schema = ReturnType<typeof createAdjustmentSchema>;
type Values = z.input<Schema>;

/** An adjustment is applied when it is saved: an existing one is only shown. */
export function AdjustmentForm(props: ResourceFormProps<Adjustment>) {
  return props.record ? (
    <AdjustmentView adjustment={props.record} onBack={props.onCancel} />
  ) : (
    <WithOptions page="adjustments">{(options) => <NewAdjustment {...props} options={options} />}</WithOptions>
  );
}

function AdjustmentView({ adjustment, onBack }: { adjustment: Adjustment; onBack: () => void }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return (
    <section className={styles.card} aria-label={t('adjustments.title', { number: adjustment.number })}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('fields.warehouse')}</dt>
          <dd>{adjustment.warehouseName}</dd>
        </div>
        <div>
          <dt>{t('adjustments.fields.reason')}</dt>
          <dd>{t(`adjustments.reasons.${adjustment.reason}`)}</dd>
        </div>
        <div>
          <dt>{t('adjustments.columns.by')}</dt>
          <dd>{[adjustment.createdBy, format.dateTime(adjustment.createdAt)].filter(Boolean).join(' · ')}</dd>
        </div>
      </dl>
      {adjustment.note && <p>{adjustment.note}</p>}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t('adjustments.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fields.item')}</th>
              <th scope="col" className={styles.num}>
                {t('adjustments.fields.change')}
              </th>
              <th scope="col" className={styles.num}>
                {t('fields.cost')}
              </th>
            </tr>
          </thead>
          <tbody>
            {adjustment.lines.map((line) => (
              <tr key={line.itemId}>
                <td>{line.itemName}</td>
                <td className={styles.num}>{format.signed(line.quantity)}</td>
                <td className={styles.num}>{format.money(line.unitCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.row}>
        <Button onClick={onBack}>{t('common:common.backToList')}</Button>
      </div>
    </section>
  );
}

function NewAdjustment({ onSaved, onCancel, options }: ResourceFormProps<Adjustment> & { options: InventoryOptions }) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const messages = useValidationMessages();
  const schema = useMemo(() => createAdjustmentSchema(messages), [messages]);
  const resolver = useLinesResolver(
    useMemo(() => zodResolver(schema), [schema]),
    'lines',
    {
      quantity: { decimals: 3, signed: true },
      cost: MONEY,
    },
  );
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: {
      warehouseId: Number.NaN,
      reason: '' as Values['reason'],
      note: '',
      lines: [{ itemId: Number.NaN, quantity: '' as never, cost: '' as never }],
    },
  });
  const { register, handleSubmit, setError, setFocus, control, formState } = form;
  const { errors } = formState;
  const reason = useWatch({ control, name: 'reason' });
  const [shortages, setShortages] = useState<StockShortage[] | null>(null);
  const { save, formError } = useSaveRecord<Adjustment, Values>({
    endpoint: INVENTORY_ENDPOINT.adjustments,
    prefix: 'inventory:adjustments',
    setError,
    onSaved,
    send: async (values) => {
      setShortages(null);
      const body = values as z.output<Schema>;
      const received = body.reason === 'received_without_po';
      // A cost only goes with goods received without a PO (it moves the average cost).
      const lines = body.lines.map((l) => ({
        itemId: l.itemId,
        quantity: l.quantity,
        cost: received && typeof l.cost === 'number' && Number.isFinite(l.cost) ? l.cost : null,
      }));
      try {
        return await api.createAdjustment({ ...body, lines });
      } catch (error) {
        setShortages(shortagesOf(error));
        throw error;
      }
    },
  });
  useEffect(() => setFocus('warehouseId'), [setFocus]);
  const items = options.items;
  const warehouses = options.warehouses;
  const nameOf = (list: { id: number; name: string }[]) => (id: number) =>
    list.find((x) => x.id === id)?.name ?? `#${id}`;

  return (
    <FormShell
      label={t('adjustments.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={shortages ? null : formError}
    >
      {shortages && <ShortageList shortages={shortages} itemName={nameOf(items)} warehouseName={nameOf(warehouses)} />}
      <div className={styles.grid}>
        <SelectField
          label={t('fields.warehouse')}
          required
          placeholder={t('chooseWarehouse')}
          options={choices(warehouses)}
          error={errors.warehouseId?.message}
          {...register('warehouseId', { valueAsNumber: true })}
        />
        <SelectField
          label={t('adjustments.fields.reason')}
          required
          placeholder={t('adjustments.chooseReason')}
          options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`adjustments.reasons.${r}`) }))}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <TextAreaField
          className={styles.wide}
          label={t('fields.note')}
          hint={t('adjustments.hints.note')}
          rows={2}
          maxLength={1000}
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      <LinesEditor
        form={form}
        name="lines"
        legend={t('adjustments.linesLegend')}
        items={items}
        blank={{ quantity: Number.NaN, cost: null }}
        columns={[
          {
            name: 'quantity',
            label: t('adjustments.fields.change'),
            hint: t('adjustments.hints.change'),
            kind: 'signed',
          },
          ...(reason === 'received_without_po'
            ? [
                {
                  name: 'cost',
                  label: t('fields.cost'),
                  hint: t('adjustments.hints.cost'),
                  kind: 'money' as const,
                  optional: true,
                },
              ]
            : []),
        ]}
      />
    </FormShell>
  );
}
