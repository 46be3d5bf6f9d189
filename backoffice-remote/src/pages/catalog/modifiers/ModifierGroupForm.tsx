import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createModifierGroupSchema,
  type ModifierGroup,
  type ModifierGroupInput,
  type ModifierGroupOptions,
} from '@hive/shared/schemas/backoffice/catalog';
import { Alert, Button, DecimalField, TextField, decimalInput } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList, inputToNumber } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { CATALOG_ENDPOINT, CATALOG_URL } from '../api';
import styles from '../shared/catalog.module.css';
import { useChoiceRuleText } from './useChoiceRuleText';

interface Values {
  name: string;
  minChoices: string;
  maxChoices: string;
  /** Price in the currency, like the Items page; id null = a new modifier. */
  modifiers: { modifierId: number | null; name: string; price: string }[];
  itemIds: number[];
}

/**
 * The form's values as the schema takes them, numbers read in the user's language ("0,50" in es).
 * The choices are read with decimals so that "1,5" reaches the schema, which asks for a whole number.
 */
const toInput = (v: Values, lang: string) => ({
  name: v.name,
  minChoices: inputToNumber(v.minChoices, lang),
  maxChoices: inputToNumber(v.maxChoices, lang),
  modifiers: v.modifiers.map((m) => ({ id: m.modifierId, name: m.name, price: inputToNumber(m.price, lang, 2) })),
  itemIds: v.itemIds,
});

export function ModifierGroupForm(props: ResourceFormProps<ModifierGroup>) {
  const options = useApi<ModifierGroupOptions>(CATALOG_URL.modifierGroupOptions);
  const { t } = useAreaT('catalog');
  if (options.error) return <Alert kind="error">{t('modifiers.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <ModifierGroupFields {...props} options={options.data} />;
}

function ModifierGroupFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<ModifierGroup> & { options: ModifierGroupOptions }) {
  const { t } = useAreaT('catalog');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const ruleText = useChoiceRuleText();
  const [search, setSearch] = useState('');
  const resolver = useMemo<Resolver<Values, unknown, ModifierGroupInput>>(
    () => async (values, context, opts) =>
      (await zodResolver(createModifierGroupSchema(messages))(
        toInput(values, lang) as never,
        context,
        opts as never,
      )) as never,
    [messages, lang],
  );
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<
    Values,
    unknown,
    ModifierGroupInput
  >({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      minChoices: String(record?.minChoices ?? 0),
      maxChoices: String(record?.maxChoices ?? 1),
      modifiers: record
        ? record.modifiers.map((m) => ({ modifierId: m.id, name: m.name, price: decimalInput(m.price, lang, 2, 2) }))
        : [{ modifierId: null, name: '', price: decimalInput(0, lang, 2, 2) }],
      itemIds: record?.items.map((i) => i.id) ?? [],
    },
  });
  const { errors, isSubmitting } = formState;
  const modifiers = useFieldArray({ control, name: 'modifiers' });
  const [min, max] = useWatch({ control, name: ['minChoices', 'maxChoices'] });
  const { save, formError } = useSaveRecord<ModifierGroup, Values>({
    endpoint: CATALOG_ENDPOINT.modifierGroups,
    prefix: 'catalog:modifiers',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  // For the preview only: an empty field reads as 0, as before.
  const minValue = inputToNumber(min, lang) ?? 0;
  const maxValue = inputToNumber(max, lang) ?? 0;
  const ruleReady =
    typeof minValue === 'number' &&
    typeof maxValue === 'number' &&
    Number.isInteger(minValue) &&
    Number.isInteger(maxValue) &&
    maxValue >= Math.max(1, minValue);
  const needle = search.trim().toLocaleLowerCase();
  const shown = options.items.filter(
    (i) => !needle || `${i.name} ${i.sku} ${i.categoryName ?? ''}`.toLocaleLowerCase().includes(needle),
  );

  return (
    <FormShell
      label={t(record ? 'modifiers.edit' : 'modifiers.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('modifiers.fields.name')}
          hint={t('modifiers.hints.name')}
          required
          maxLength={120}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('modifiers.fields.minChoices')}
          hint={t('modifiers.hints.minChoices')}
          inputMode="numeric"
          required
          error={errors.minChoices?.message}
          {...register('minChoices')}
        />
        <TextField
          label={t('modifiers.fields.maxChoices')}
          hint={t('modifiers.hints.maxChoices')}
          inputMode="numeric"
          required
          error={errors.maxChoices?.message}
          {...register('maxChoices')}
        />
      </div>
      <p className={styles.muted} role="status">
        {ruleReady
          ? t('modifiers.rulePreview', { rule: ruleText({ minChoices: minValue, maxChoices: maxValue }) })
          : ''}
      </p>
      <div className={styles.lines}>
        {modifiers.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.line}>
            <legend>{t('modifiers.modifierLegend', { number: index + 1 })}</legend>
            <TextField
              label={t('modifiers.fields.modifierName')}
              required
              maxLength={120}
              error={errors.modifiers?.[index]?.name?.message}
              {...register(`modifiers.${index}.name`)}
            />
            <DecimalField
              label={t('modifiers.fields.price')}
              hint={t('modifiers.hints.price')}
              required
              error={errors.modifiers?.[index]?.price?.message}
              {...register(`modifiers.${index}.price`)}
            />
            <div className={`${styles.row} ${styles.wide}`}>
              {index > 0 && (
                <Button onClick={() => modifiers.move(index, index - 1)}>
                  {t('modifiers.moveUp', { number: index + 1 })}
                </Button>
              )}
              {modifiers.fields.length > 1 && (
                <Button onClick={() => modifiers.remove(index)}>
                  {t('modifiers.removeModifier', { number: index + 1 })}
                </Button>
              )}
            </div>
          </fieldset>
        ))}
        {errors.modifiers?.message && <Alert kind="error">{errors.modifiers.message}</Alert>}
        <div className={styles.row}>
          <Button onClick={() => modifiers.append({ modifierId: null, name: '', price: decimalInput(0, lang, 2, 2) })}>
            {t('modifiers.addModifier')}
          </Button>
        </div>
      </div>
      <TextField
        label={t('modifiers.findItems')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className={styles.scrollBox}>
        <Controller
          control={control}
          name="itemIds"
          render={({ field }) => (
            <CheckboxList<number>
              ref={field.ref}
              legend={t('modifiers.fields.items')}
              hint={t('modifiers.hints.items', { count: field.value.length })}
              options={shown.map((i) => ({
                value: i.id,
                label: i.active ? i.name : `${i.name} (${t('modifiers.inactive')})`,
              }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.itemIds?.message}
              empty={t(options.items.length === 0 ? 'modifiers.noCatalog' : 'modifiers.noItemMatch')}
            />
          )}
        />
      </div>
    </FormShell>
  );
}
