import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  createProductionOrderSchema,
  type ProductionOrder,
  type ProductionTemplate,
  type StockShortage,
} from '@hive/shared/schemas/backoffice/inventory';
import { Button, DecimalField, SelectField, TextAreaField } from '@hive/shared/ui';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  ShortageList,
  WithOptions,
  choices,
  inventoryStyles as styles,
  shortagesOf,
  useInventoryFormat,
  type InventoryOptions,
} from '../shared';
import { INVENTORY_ENDPOINT, useInventoryApi } from '../api';

type Schema = ReturnType<typeof createProductionOrderSchema>;
type Values = z.input<Schema>;
type Options = InventoryOptions & { templates: ProductionTemplate[] };

/** Producing is applied when saved: an existing production order is only shown. */
export function ProductionOrderForm(props: ResourceFormProps<ProductionOrder>) {
  return props.record ? (
    <ProductionView order={props.record} onBack={props.onCancel} />
  ) : (
    <WithOptions<Options> page="production_orders">
      {(options) => <NewProduction {...props} options={options} />}
    </WithOptions>
  );
}

function ProductionView({ order, onBack }: { order: ProductionOrder; onBack: () => void }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return (
    <section className={styles.card} aria-label={t('productionOrders.title', { number: order.number })}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('productionOrders.fields.template')}</dt>
          <dd>{order.templateName ?? t('productionOrders.templateGone')}</dd>
        </div>
        <div>
          <dt>{t('fields.warehouse')}</dt>
          <dd>{order.warehouseName}</dd>
        </div>
        <div>
          <dt>{t('productionOrders.columns.made')}</dt>
          <dd>
            {t('templates.makes', { quantity: format.integer(order.outputQuantity), item: order.outputItemName })}
          </dd>
        </div>
        <div>
          <dt>{t('productionOrders.columns.unitCost')}</dt>
          <dd>{format.money(order.outputUnitCost)}</dd>
        </div>
        <div>
          <dt>{t('adjustments.columns.by')}</dt>
          <dd>{[order.createdBy, format.dateTime(order.createdAt)].filter(Boolean).join(' · ')}</dd>
        </div>
      </dl>
      {order.note && <p>{order.note}</p>}
      <div className={styles.row}>
        <Button onClick={onBack}>{t('common:common.backToList')}</Button>
      </div>
    </section>
  );
}

function NewProduction({ onSaved, onCancel, options }: ResourceFormProps<ProductionOrder> & { options: Options }) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const format = useInventoryFormat();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const schema = useMemo(() => createProductionOrderSchema(messages), [messages]);
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { templateId: Number.NaN, warehouseId: Number.NaN, batches: 1, note: '' },
  });
  const { register, handleSubmit, setError, setFocus, control, formState } = form;
  const { errors } = formState;
  const [templateId, batches] = useWatch({ control, name: ['templateId', 'batches'] });
  const template = options.templates.find((tpl) => tpl.id === templateId);
  const [shortages, setShortages] = useState<StockShortage[] | null>(null);
  const { save, formError } = useSaveRecord<ProductionOrder, Values>({
    endpoint: INVENTORY_ENDPOINT.productionOrders,
    prefix: 'inventory:productionOrders',
    setError,
    onSaved,
    send: async (values) => {
      setShortages(null);
      try {
        return await api.createProductionOrder(values as z.output<Schema>);
      } catch (error) {
        setShortages(shortagesOf(error));
        throw error;
      }
    },
  });
  useEffect(() => setFocus('templateId'), [setFocus]);
  const nameOf = (list: { id: number; name: string }[]) => (id: number) =>
    list.find((x) => x.id === id)?.name ?? `#${id}`;
  const n = typeof batches === 'number' && Number.isInteger(batches) && batches > 0 ? batches : 0;

  return (
    <FormShell
      label={t('productionOrders.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={shortages ? null : formError}
    >
      {shortages && (
        <ShortageList
          shortages={shortages}
          itemName={nameOf(options.items)}
          warehouseName={nameOf(options.warehouses)}
        />
      )}
      <div className={styles.grid}>
        <SelectField
          label={t('productionOrders.fields.template')}
          required
          placeholder={t('productionOrders.chooseTemplate')}
          options={choices(options.templates)}
          error={errors.templateId?.message}
          {...register('templateId', { valueAsNumber: true })}
        />
        <SelectField
          label={t('fields.warehouse')}
          required
          placeholder={t('chooseWarehouse')}
          options={choices(options.warehouses)}
          error={errors.warehouseId?.message}
          {...register('warehouseId', { valueAsNumber: true })}
        />
        <DecimalField
          label={t('productionOrders.fields.batches')}
          required
          error={errors.batches?.message}
          {...register('batches', { setValueAs: (v: unknown) => (typeof v === 'string' ? inputToNumber(v, lang) : v) })}
        />
        <TextAreaField
          className={styles.wide}
          label={t('fields.note')}
          rows={2}
          maxLength={1000}
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      {template && n > 0 && (
        <p className={styles.muted} aria-live="polite">
          {t('productionOrders.preview', {
            output: t('templates.makes', {
              quantity: format.integer(template.outputQuantity * n),
              item: template.outputItemName,
            }),
            uses: template.ingredients.map((i) => `${format.integer(i.quantity * n)} × ${i.itemName}`).join(', '),
          })}
        </p>
      )}
      {options.templates.length === 0 && <p className={styles.muted}>{t('productionOrders.noTemplates')}</p>}
    </FormShell>
  );
}
