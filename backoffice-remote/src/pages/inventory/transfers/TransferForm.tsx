import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  TRANSFER_ACTIONS,
  createTransferSchema,
  type StockShortage,
  type Transfer,
} from '@hive/shared/schemas/backoffice/inventory';
import { Button, SelectField, TextAreaField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  DocumentActions,
  LinesEditor,
  ShortageList,
  StatusBadge,
  choices,
  DocumentHistory,
  inventoryStyles as styles,
  shortagesOf,
  useInventoryFormat,
  useInventoryOptions,
  WithOptions,
  type DocumentAction,
  type InventoryOptions,
  useLinesResolver,
  useLineText,
} from '../shared';
import { INVENTORY_ENDPOINT, INVENTORY_URL } from '../api';

/** Quantities are whole: three decimals are read, so that the schema can say "a whole number". */
const QUANTITY = { decimals: 3 };

type Schema = ReturnType<typeof createTransferSchema>;
type Values = z.input<Schema>;
const PREFIX = 'inventory:transfers';
const url = INVENTORY_URL.transfer;
const can = (action: keyof typeof TRANSFER_ACTIONS, tr: Transfer) =>
  (TRANSFER_ACTIONS[action] as readonly string[]).includes(tr.status);

/** Draft -> send (stock leaves) -> receive (stock arrives); a draft may be cancelled. */
export function TransferForm(props: ResourceFormProps<Transfer>) {
  const { record, reload, onCancel } = props;
  const { t } = useAreaT('inventory');
  const options = useInventoryOptions('transfers');
  const [shortages, setShortages] = useState<StockShortage[] | null>(null);
  const nameOf = (list: { id: number; name: string }[] | undefined) => (id: number) =>
    list?.find((x) => x.id === id)?.name ?? `#${id}`;
  const short = shortages && (
    <ShortageList
      shortages={shortages}
      itemName={nameOf(options.data?.items)}
      warehouseName={nameOf(options.data?.warehouses)}
    />
  );
  const actions = record && (
    <TransferActions
      transfer={record}
      onDone={() => reload?.()}
      onError={(error) => {
        const found = shortagesOf(error);
        setShortages(found);
        return found !== null;
      }}
    />
  );
  if (record && record.status !== 'draft') {
    return (
      <>
        {short}
        <TransferView transfer={record} actions={actions} onBack={onCancel} />
      </>
    );
  }
  return (
    <>
      {record && (
        <section className={styles.card} aria-label={t('transfers.draftActions')}>
          <p className={styles.row}>
            <StatusBadge status={record.status} />
          </p>
          {short}
          {actions}
        </section>
      )}
      <WithOptions page="transfers">{(loaded) => <DraftForm {...props} options={loaded} />}</WithOptions>
    </>
  );
}

function TransferActions({
  transfer,
  onDone,
  onError,
}: {
  transfer: Transfer;
  onDone: () => void;
  onError: (error: unknown) => boolean;
}) {
  const { t } = useAreaT('inventory');
  const n = { number: transfer.number };
  const actions: DocumentAction[] = [];
  if (can('send', transfer)) {
    actions.push({
      label: t('transfers.actions.send'),
      url: url(transfer.id, 'send'),
      variant: 'primary',
      done: t('transfers.done.send', n),
    });
  }
  if (can('receive', transfer)) {
    actions.push({
      label: t('transfers.actions.receive'),
      url: url(transfer.id, 'receive'),
      variant: 'primary',
      done: t('transfers.done.receive', n),
    });
  }
  if (can('cancel', transfer)) {
    actions.push({
      label: t('transfers.actions.cancel'),
      url: url(transfer.id, 'cancel'),
      done: t('transfers.done.cancel', n),
      confirm: {
        title: t('transfers.cancelTitle'),
        message: t('transfers.cancelMessage', n),
        label: t('transfers.actions.cancel'),
      },
    });
  }
  return <DocumentActions actions={actions} prefix={PREFIX} onDone={onDone} onError={onError} />;
}

function DraftForm({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<Transfer> & { options: InventoryOptions | undefined }) {
  const { t } = useAreaT('inventory');
  const messages = useValidationMessages();
  const schema = useMemo(() => createTransferSchema(messages), [messages]);
  const text = useLineText();
  const resolver = useLinesResolver(
    useMemo(() => zodResolver(schema), [schema]),
    'lines',
    { quantity: QUANTITY },
  );
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: {
      fromWarehouseId: record?.fromWarehouseId ?? Number.NaN,
      toWarehouseId: record?.toWarehouseId ?? Number.NaN,
      note: record?.note ?? '',
      lines: (record?.lines ?? []).map((l) => ({ itemId: l.itemId, quantity: text(l.quantity, 3) as never })),
    },
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors } = formState;
  const { save, formError } = useSaveRecord<Transfer, Values>({
    endpoint: INVENTORY_ENDPOINT.transfers,
    prefix: PREFIX,
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('fromWarehouseId'), [setFocus]);
  const warehouses = choices(options?.warehouses);

  return (
    <FormShell
      label={t(record ? 'transfers.editDraft' : 'transfers.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <SelectField
          label={t('transfers.fields.from')}
          required
          placeholder={t('chooseWarehouse')}
          options={warehouses}
          error={errors.fromWarehouseId?.message}
          {...register('fromWarehouseId', { valueAsNumber: true })}
        />
        <SelectField
          label={t('transfers.fields.to')}
          required
          placeholder={t('chooseWarehouse')}
          options={warehouses}
          error={errors.toWarehouseId?.type === 'custom' ? t('transfers.sameWarehouse') : errors.toWarehouseId?.message}
          {...register('toWarehouseId', { valueAsNumber: true })}
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
      <LinesEditor
        form={form}
        name="lines"
        legend={t('transfers.linesLegend')}
        items={options?.items ?? []}
        blank={{ quantity: Number.NaN }}
        columns={[{ name: 'quantity', label: t('fields.quantity'), kind: 'integer' }]}
      />
    </FormShell>
  );
}

function TransferView({ transfer, actions, onBack }: { transfer: Transfer; actions: ReactNode; onBack: () => void }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return (
    <section className={styles.card} aria-label={t('transfers.title', { number: transfer.number })}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('transfers.fields.status')}</dt>
          <dd>
            <StatusBadge status={transfer.status} />
          </dd>
        </div>
        <div>
          <dt>{t('transfers.fields.from')}</dt>
          <dd>{transfer.fromWarehouseName}</dd>
        </div>
        <div>
          <dt>{t('transfers.fields.to')}</dt>
          <dd>{transfer.toWarehouseName}</dd>
        </div>
        <DocumentHistory
          entries={[
            { label: t('transfers.history.sent'), action: transfer.sent },
            { label: t('transfers.history.received'), action: transfer.received },
            { label: t('transfers.history.cancelled'), action: transfer.cancelled },
          ]}
        />
      </dl>
      {transfer.note && <p>{transfer.note}</p>}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t('transfers.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fields.item')}</th>
              <th scope="col" className={styles.num}>
                {t('fields.quantity')}
              </th>
              <th scope="col" className={styles.num}>
                {t('transfers.columns.unitCost')}
              </th>
            </tr>
          </thead>
          <tbody>
            {transfer.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.itemName}</td>
                <td className={styles.num}>{format.integer(line.quantity)}</td>
                <td className={styles.num}>{line.unitCost === null ? '—' : format.money(line.unitCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {actions}
      <div className={styles.row}>
        <Button onClick={onBack}>{t('common:common.backToList')}</Button>
      </div>
    </section>
  );
}
