import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  PURCHASE_ORDER_ACTIONS,
  createPurchaseOrderSchema,
  type PurchaseOrder,
} from '@hive/shared/schemas/backoffice/inventory';
import { Button, SelectField, TextAreaField, TextField, useToast } from '@hive/shared/ui';
import { isoDay, TimeZoneNote, useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { FormShell, useFailureMessage, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  DocumentActions,
  LinesEditor,
  StatusBadge,
  choices,
  DocumentHistory,
  inventoryStyles as styles,
  useInventoryFormat,
  WithOptions,
  type DocumentAction,
  type InventoryOptions,
  useLinesResolver,
  useLineText,
} from '../shared';
import { INVENTORY_ENDPOINT, INVENTORY_URL, useInventoryApi } from '../api';
import { PurchaseOrderEmail } from './PurchaseOrderEmail';

const MONEY = { decimals: 2 };
/** Quantities are whole: three decimals are read, so that the schema can say "a whole number". */
const QUANTITY = { decimals: 3 };

type Schema = ReturnType<typeof createPurchaseOrderSchema>;
type Values = z.input<Schema>;
const PREFIX = 'inventory:purchaseOrders';
const url = INVENTORY_URL.purchaseOrder;
const can = (action: keyof typeof PURCHASE_ORDER_ACTIONS, po: PurchaseOrder) =>
  (PURCHASE_ORDER_ACTIONS[action] as readonly string[]).includes(po.status);

const toDay = (ms: number | null) => (ms === null ? '' : isoDay(ms));
const fromDay = (day: unknown) =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : null;

/** A draft is edited (and ordered or cancelled); an ordered PO is received; the rest are shown. */
export function PurchaseOrderForm(props: ResourceFormProps<PurchaseOrder>) {
  const { record } = props;
  return record && record.status !== 'draft' ? (
    <PurchaseOrderView order={record} reload={props.reload ?? (() => undefined)} onBack={props.onCancel} />
  ) : (
    <WithOptions page="purchase_orders">{(options) => <DraftForm {...props} options={options} />}</WithOptions>
  );
}

function DraftForm({
  record,
  onSaved,
  onCancel,
  reload,
  options,
}: ResourceFormProps<PurchaseOrder> & { options: InventoryOptions }) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const failure = useFailureMessage(PREFIX);
  const messages = useValidationMessages();
  const schema = useMemo(() => createPurchaseOrderSchema(messages), [messages]);
  const text = useLineText();
  const resolver = useLinesResolver(
    useMemo(() => zodResolver(schema), [schema]),
    'lines',
    {
      quantity: QUANTITY,
      cost: MONEY,
    },
  );
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: {
      // '' (not NaN) so a new order's selects show their "Choose a ..." placeholder, whose value is ''
      // (a select given "NaN" matches no option and renders blank); the schema reads '' as "choose one".
      vendorId: record?.vendorId ?? ('' as unknown as number),
      warehouseId: record?.warehouseId ?? ('' as unknown as number),
      expectedAt: record?.expectedAt ?? null,
      note: record?.note ?? '',
      lines: (record?.lines ?? []).map((l) => ({
        itemId: l.itemId,
        quantity: text(l.quantity, 3) as never,
        cost: text(l.cost, 2) as never,
      })),
    },
  });
  const { register, handleSubmit, setError, setFocus, setValue, getValues, control, formState } = form;
  const { errors } = formState;
  const [vendorId, warehouseId] = useWatch({ control, name: ['vendorId', 'warehouseId'] });
  const [suggesting, setSuggesting] = useState(false);
  const { save, formError } = useSaveRecord<PurchaseOrder, Values>({
    endpoint: INVENTORY_ENDPOINT.purchaseOrders,
    prefix: PREFIX,
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('vendorId'), [setFocus]);
  const items = options.items ?? [];

  const suggest = async () => {
    setSuggesting(true);
    try {
      const { rows } = await api.purchaseSuggestions({ vendorId, warehouseId });
      const lines = getValues('lines');
      const have = new Set(lines.map((l) => l.itemId));
      const added = rows.filter((s) => !have.has(s.itemId));
      setValue('lines', [
        ...lines,
        ...added.map((s) => ({
          itemId: s.itemId,
          quantity: text(s.quantity, 3) as never,
          cost: text(s.cost, 2) as never,
        })),
      ]);
      toast.success(t('purchaseOrders.suggested', { count: added.length }));
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setSuggesting(false);
    }
  };

  const actions: DocumentAction[] = record
    ? [
        {
          label: t('purchaseOrders.actions.order'),
          url: url(record.id, 'order'),
          variant: 'primary',
          done: t('purchaseOrders.done.order', { number: record.number }),
        },
        {
          label: t('purchaseOrders.actions.cancel'),
          url: url(record.id, 'cancel'),
          done: t('purchaseOrders.done.cancel', { number: record.number }),
          confirm: {
            title: t('purchaseOrders.cancelTitle'),
            message: t('purchaseOrders.cancelMessage', { number: record.number }),
            label: t('purchaseOrders.actions.cancel'),
          },
        },
      ]
    : [];

  const canSuggest =
    Number.isInteger(vendorId) && Number(vendorId) > 0 && Number.isInteger(warehouseId) && Number(warehouseId) > 0;
  return (
    <>
      {record && (
        <section className={styles.card} aria-label={t('purchaseOrders.draftActions')}>
          <p className={styles.row}>
            <StatusBadge status={record.status} /> {t('purchaseOrders.draftNote')}
          </p>
          <DocumentActions actions={actions} prefix={PREFIX} onDone={() => reload?.()} />
        </section>
      )}
      <FormShell
        label={t(record ? 'purchaseOrders.editDraft' : 'purchaseOrders.new')}
        onSubmit={handleSubmit(save)}
        onCancel={onCancel}
        submitting={formState.isSubmitting}
        formError={formError}
      >
        <div className={styles.grid}>
          <SelectField
            label={t('purchaseOrders.fields.vendor')}
            required
            placeholder={t('purchaseOrders.chooseVendor')}
            options={choices(options.vendors)}
            error={errors.vendorId?.message}
            {...register('vendorId', { valueAsNumber: true })}
          />
          <SelectField
            label={t('purchaseOrders.fields.warehouse')}
            required
            placeholder={t('chooseWarehouse')}
            options={choices(options.warehouses)}
            error={errors.warehouseId?.message}
            {...register('warehouseId', { valueAsNumber: true })}
          />
          <TextField
            label={t('purchaseOrders.fields.expectedAt')}
            type="date"
            defaultValue={toDay(record?.expectedAt ?? null)}
            error={errors.expectedAt?.message}
            {...register('expectedAt', { setValueAs: fromDay })}
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
        <div className={styles.row}>
          <Button onClick={() => void suggest()} disabled={!canSuggest || suggesting}>
            {t('purchaseOrders.suggest')}
          </Button>
          <span className={`${styles.small} ${styles.muted}`}>{t('purchaseOrders.suggestHint')}</span>
        </div>
        <LinesEditor
          form={form}
          name="lines"
          legend={t('purchaseOrders.linesLegend')}
          items={items}
          blank={{ quantity: Number.NaN, cost: Number.NaN }}
          columns={[
            { name: 'quantity', label: t('fields.quantity'), kind: 'integer' },
            { name: 'cost', label: t('purchaseOrders.fields.unitCost'), kind: 'money' },
          ]}
          onItemChosen={(index, itemId) => {
            const cost = items.find((i) => i.id === itemId)?.cost;
            if (cost !== undefined) setValue(`lines.${index}.cost`, text(cost, 2) as never);
          }}
        />
      </FormShell>
    </>
  );
}

function PurchaseOrderView({
  order,
  reload,
  onBack,
}: {
  order: PurchaseOrder;
  reload: () => void;
  onBack: () => void;
}) {
  const { t } = useAreaT('inventory');
  const lang = useLanguage();
  const format = useInventoryFormat(order.timezone);
  const [receiving, setReceiving] = useState<Record<number, string>>({});
  const receivable = can('receive', order);
  const entered = order.lines
    .map((l) => ({ lineId: l.id, quantity: Number(inputToNumber(receiving[l.id] ?? '', lang)) }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const n = { number: order.number };
  const actions: DocumentAction[] = [];
  if (receivable) {
    actions.push({
      label: t('purchaseOrders.actions.receiveAll'),
      url: url(order.id, 'receive'),
      variant: 'primary',
      done: t('purchaseOrders.done.receive', n),
    });
    // Always shown, so the user knows partial receipts exist; disabled until a quantity is entered.
    actions.push({
      label: t('purchaseOrders.actions.receiveEntered'),
      url: url(order.id, 'receive'),
      body: { lines: entered },
      done: t('purchaseOrders.done.receive', n),
      disabledReason: entered.length > 0 ? undefined : t('purchaseOrders.receiveEnteredHint'),
    });
  }
  if (can('close', order)) {
    actions.push({
      label: t('purchaseOrders.actions.closeShort'),
      url: url(order.id, 'close'),
      done: t('purchaseOrders.done.closeShort', n),
      confirm: {
        title: t('purchaseOrders.closeShortTitle'),
        message: t('purchaseOrders.closeShortMessage', n),
        label: t('purchaseOrders.actions.closeShort'),
      },
    });
  }
  if (can('cancel', order)) {
    actions.push({
      label: t('purchaseOrders.actions.cancel'),
      url: url(order.id, 'cancel'),
      done: t('purchaseOrders.done.cancel', n),
      confirm: {
        title: t('purchaseOrders.cancelTitle'),
        message: t('purchaseOrders.cancelMessage', n),
        label: t('purchaseOrders.actions.cancel'),
      },
    });
  }

  return (
    <section className={styles.card} aria-label={t('purchaseOrders.title', n)}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('purchaseOrders.fields.status')}</dt>
          <dd>
            <StatusBadge status={order.status} closedShort={order.closedShort.at !== null} />
          </dd>
        </div>
        <div>
          <dt>{t('purchaseOrders.fields.vendor')}</dt>
          <dd>{order.vendorName}</dd>
        </div>
        <div>
          <dt>{t('purchaseOrders.fields.warehouse')}</dt>
          <dd>{order.warehouseName}</dd>
        </div>
        {order.expectedAt !== null && (
          <div>
            <dt>{t('purchaseOrders.fields.expectedAt')}</dt>
            <dd>{format.calendarDay(order.expectedAt)}</dd>
          </div>
        )}
        <DocumentHistory
          timeZone={order.timezone}
          entries={[
            { label: t('purchaseOrders.history.ordered'), action: order.ordered },
            { label: t('purchaseOrders.history.received'), action: order.received },
            { label: t('purchaseOrders.history.cancelled'), action: order.cancelled },
            { label: t('purchaseOrders.history.closedShort'), action: order.closedShort },
          ]}
        />
      </dl>
      <TimeZoneNote timeZone={order.timezone} className={styles.muted} />
      {order.note && <p>{order.note}</p>}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t('purchaseOrders.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fields.item')}</th>
              <th scope="col" className={styles.num}>
                {t('purchaseOrders.columns.ordered')}
              </th>
              <th scope="col" className={styles.num}>
                {t('purchaseOrders.columns.received')}
              </th>
              <th scope="col" className={styles.num}>
                {t('purchaseOrders.fields.unitCost')}
              </th>
              <th scope="col" className={styles.num}>
                {t('purchaseOrders.columns.total')}
              </th>
              {receivable && <th scope="col">{t('purchaseOrders.columns.receiveNow')}</th>}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const outstanding = line.quantity - line.receivedQuantity;
              return (
                <tr key={line.id}>
                  <td>{line.itemName}</td>
                  <td className={styles.num}>{format.integer(line.quantity)}</td>
                  <td className={styles.num}>{format.integer(line.receivedQuantity)}</td>
                  <td className={styles.num}>{format.money(line.cost)}</td>
                  <td className={styles.num}>{format.money(line.total)}</td>
                  {receivable && (
                    <td>
                      {outstanding > 0 && (
                        <input
                          className={styles.qty}
                          inputMode="numeric"
                          autoComplete="off"
                          aria-label={t('purchaseOrders.receiveOf', { item: line.itemName, count: outstanding })}
                          value={receiving[line.id] ?? ''}
                          onChange={(event) => setReceiving((r) => ({ ...r, [line.id]: event.target.value }))}
                        />
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('purchaseOrders.columns.total')}
              </th>
              <td className={styles.num}>{format.money(order.total)}</td>
              {receivable && <td />}
            </tr>
            {(order.closedShort.at !== null || order.status === 'partially_received') && (
              <tr>
                <th scope="row" colSpan={4}>
                  {t('purchaseOrders.columns.receivedTotal')}
                </th>
                <td className={styles.num}>{format.money(order.receivedTotal)}</td>
                {receivable && <td />}
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      {order.status === 'received' && (
        <p className={styles.muted}>
          {t(order.closedShort.at !== null ? 'purchaseOrders.closedShortNote' : 'purchaseOrders.receivedNote')}
        </p>
      )}
      <DocumentActions
        actions={actions}
        prefix={PREFIX}
        onDone={() => {
          setReceiving({});
          reload();
        }}
      />
      <div className={styles.row}>
        {order.status !== 'cancelled' && <PurchaseOrderEmail order={order} onSent={reload} />}
        <a href={url(order.id, 'print')} target="_blank" rel="noreferrer">
          {t('purchaseOrders.print')}
        </a>
        <Button onClick={onBack}>{t('common:common.backToList')}</Button>
      </div>
    </section>
  );
}
