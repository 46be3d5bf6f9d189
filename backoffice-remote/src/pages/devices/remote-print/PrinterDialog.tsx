import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  DEVICES_LIMITS,
  PRINTER_KINDS,
  createPrinterSchema,
  type Printer,
  type PrinterOptions,
} from '@hive/shared/schemas/backoffice/devices';
import { Alert, CheckboxField, FormDialog, SelectField, TextField } from '@hive/shared/ui';
import { CheckboxList } from '../../../components';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { useSaveRecord } from '../../../frames/resource';
import { DEVICES_ENDPOINT } from '../api';
import { devicesStyles as styles } from '../shared';

type Schema = ReturnType<typeof createPrinterSchema>;
type Values = z.input<Schema>;

const idOrUndefined = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));
const idOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function defaults(printer: Printer | undefined, options: PrinterOptions): DefaultValues<Values> {
  if (printer) {
    return {
      name: printer.name,
      kind: printer.kind,
      locationId: printer.locationId ?? undefined,
      terminalId: printer.terminalId,
      address: printer.address,
      categoryIds: printer.categoryIds,
      active: printer.active,
    };
  }
  const active = options.locations.filter((l) => l.active);
  return {
    name: '',
    kind: 'receipt',
    locationId: active.length === 1 ? active[0]!.id : undefined,
    terminalId: null,
    address: '',
    categoryIds: [],
    active: true,
  };
}

/**
 * A printer: receipt or kitchen, its location, the terminal of that location that drives it, its
 * address as the register knows it, and (kitchen) the categories whose lines it prints.
 */
export function PrinterDialog({
  printer,
  options,
  onCancel,
  onSaved,
}: {
  printer?: Printer;
  options: PrinterOptions;
  onCancel: () => void;
  onSaved: (saved: Printer, created: boolean) => void;
}) {
  const { t } = useAreaT('devices');
  const messages = useValidationMessages();
  const schema = useMemo(() => createPrinterSchema(messages), [messages]);
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = useForm<
    Values,
    unknown,
    z.output<Schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: defaults(printer, options),
  });
  const { errors, isSubmitting } = formState;
  const [kind, locationId] = useWatch({ control, name: ['kind', 'locationId'] });
  const { save, formError } = useSaveRecord<Printer, Values>({
    endpoint: DEVICES_ENDPOINT.printers,
    prefix: 'devices:printers',
    record: printer,
    setError,
    onSaved,
  });

  const terminals = useMemo(
    () => options.terminals.filter((term) => term.locationId === locationId),
    [options.terminals, locationId],
  );
  // A terminal of another location cannot drive it: moving the printer lets go of it.
  useEffect(() => {
    const current = getValues('terminalId');
    if (current !== null && !terminals.some((term) => term.id === current)) setValue('terminalId', null);
  }, [terminals, getValues, setValue]);

  const locationOptions = options.locations.map((l) => ({
    value: String(l.id),
    label: l.active ? l.name : t('common.inactiveLocation', { name: l.name }),
  }));

  return (
    <FormDialog
      open
      title={printer ? t('printers.editTitle', { name: printer.name }) : t('printers.addTitle')}
      submitLabel={printer ? t('common:form.save') : t('printers.add')}
      cancelLabel={t('common:common.cancel')}
      busy={isSubmitting}
      problem={formError ? <Alert kind="error">{formError}</Alert> : undefined}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
    >
      <TextField
        label={t('printers.fields.name')}
        hint={t('printers.hints.name')}
        required
        autoComplete="off"
        maxLength={DEVICES_LIMITS.printerNameMax}
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset className={styles.radios} aria-describedby={errors.kind ? 'printer-kind-error' : undefined}>
        <legend className={styles.radiosLegend}>{t('printers.fields.kind')}</legend>
        {PRINTER_KINDS.map((value) => (
          <label key={value} className={styles.radio}>
            <input type="radio" value={value} {...register('kind')} />
            <span className={styles.radioText}>
              <span>{t(`printers.kinds.${value}`)}</span>
              <span className={styles.radioHint}>{t(`printers.kindHints.${value}`)}</span>
            </span>
          </label>
        ))}
        {errors.kind?.message && (
          <p id="printer-kind-error" className={styles.error}>
            {errors.kind.message}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('printers.fields.location')}
        required
        placeholder={t('common.chooseLocation')}
        options={locationOptions}
        error={errors.locationId?.message}
        {...register('locationId', { setValueAs: idOrUndefined })}
      />
      <SelectField
        label={t('printers.fields.terminal')}
        hint={
          locationId !== undefined && terminals.length === 0
            ? t('printers.hints.noTerminals')
            : t('printers.hints.terminal')
        }
        placeholder={t('printers.noTerminal')}
        options={terminals.map((term) => ({ value: String(term.id), label: term.name }))}
        error={errors.terminalId?.message}
        {...register('terminalId', { setValueAs: idOrNull })}
      />
      <TextField
        label={t('printers.fields.address')}
        hint={t('printers.hints.address')}
        autoComplete="off"
        spellCheck={false}
        maxLength={DEVICES_LIMITS.printerAddressMax}
        error={errors.address?.message}
        {...register('address')}
      />
      {kind === 'kitchen' && (
        <Controller
          control={control}
          name="categoryIds"
          render={({ field, fieldState }) => (
            <CheckboxList<number>
              ref={field.ref}
              legend={t('printers.fields.categories')}
              hint={t('printers.hints.categories')}
              options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
              value={(field.value ?? []) as number[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
              empty={t('printers.noCategories')}
            />
          )}
        />
      )}
      <CheckboxField
        label={t('printers.fields.active')}
        hint={t('printers.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
    </FormDialog>
  );
}
