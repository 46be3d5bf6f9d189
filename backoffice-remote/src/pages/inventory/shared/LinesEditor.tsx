import { useCallback, useMemo } from 'react';
import {
  useFieldArray,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import {
  Button,
  DecimalField,
  SelectField,
  TextField,
  decimalInput,
  decimalResolver,
  type DecimalFieldRule,
} from '@hive/shared/ui';
import { useAreaT, useDecimalMessage, useLanguage } from '../../../i18n';
import styles from './inventory.module.css';

export interface LineColumn {
  /** The line's field: quantity, cost, counted, vendorSku... */
  name: string;
  label: string;
  kind: 'integer' | 'signed' | 'money' | 'text';
  hint?: string;
  /** May stay empty (sent as null). */
  optional?: boolean;
}

export interface LinesEditorProps {
  // Any form with a field array of lines `{ itemId, ...columns }`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<any>;
  /** The array field: lines, items, ingredients. */
  name: string;
  legend: string;
  items: { id: number; name: string; sku: string; cost: number }[];
  columns: LineColumn[];
  /** A new line's values beside its item. */
  blank: Record<string, unknown>;
  /** Fills the line's other fields once an item is chosen (e.g. its cost). */
  onItemChosen?: (index: number, itemId: number) => void;
}

/** The shared schemas' own (English) refinements of a list, in the user's words. */
const SCHEMA_WORDS: Record<string, string> = {
  'each item once per document': 'lines.duplicate',
  'the output item cannot be one of its ingredients': 'lines.outputIsIngredient',
};

/** The message of the list itself (none chosen, an item twice, the server's word on `lines`). */
export function listError(errors: FieldErrors, name: string): string | undefined {
  const error = errors[name] as (FieldError & { root?: FieldError }) | undefined;
  return error?.message ?? error?.root?.message;
}

/**
 * Lines of item + quantity (+ cost...): one group per line ("Line 2"), so each field keeps its
 * own label and message and the lines stack on a phone.
 */
/** A line's blank values as its fields hold them: text ('' for none; numbers are typed). */
const asText = (blank: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(blank).map(([k, v]) => [k, typeof v === 'number' || v === null ? '' : v]));

/**
 * The number columns of a form's lines are text, typed in the user's language ("3,30" in es): this
 * wraps the form's resolver to read them (decimalResolver) before its schema sees them. `columns`:
 * path of the lines (`lines`), then each number column's rule.
 */
export function useLinesResolver<TValues extends FieldValues, TOut>(
  inner: Resolver<TValues, unknown, TOut>,
  name: string,
  columns: Record<string, DecimalFieldRule>,
): Resolver<TValues, unknown, TOut> {
  const lang = useLanguage();
  const message = useDecimalMessage();
  return useMemo(
    () =>
      decimalResolver(
        inner,
        Object.fromEntries(Object.entries(columns).map(([column, rule]) => [`${name}.*.${column}`, rule])),
        lang,
        message,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns are constants of each form
    [inner, name, lang, message],
  );
}

/** A line's number as its field shows it in the user's language ('' for none). */
export function useLineText() {
  const lang = useLanguage();
  return useCallback(
    (value: number | null | undefined, decimals: number) => decimalInput(value, lang, decimals, decimals === 2 ? 2 : 0),
    [lang],
  );
}

export function LinesEditor({ form, name, legend, items, columns, blank, onItemChosen }: LinesEditorProps) {
  const { t } = useAreaT('inventory');
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const { register, formState } = form;
  const lineErrors = formState.errors[name] as unknown as Record<string, FieldError | undefined>[] | undefined;
  const itemOptions = items.map((i) => ({ value: String(i.id), label: i.sku ? `${i.name} (${i.sku})` : i.name }));
  const english = listError(formState.errors, name);
  const problem = english && english in SCHEMA_WORDS ? t(SCHEMA_WORDS[english]!) : english;
  const problemId = `${name}-error`;

  return (
    <fieldset className={styles.fieldset} aria-describedby={problem ? problemId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {fields.length === 0 && <p className={`${styles.small} ${styles.muted}`}>{t('lines.none')}</p>}
      {fields.map((field, index) => {
        const errors = Array.isArray(lineErrors) ? lineErrors[index] : undefined;
        const itemField = register(`${name}.${index}.itemId`, { valueAsNumber: true });
        return (
          <fieldset key={field.id} className={styles.line}>
            <legend className={styles.lineLegend}>{t('lines.line', { n: index + 1 })}</legend>
            <SelectField
              label={t('lines.item')}
              required
              placeholder={t('lines.chooseItem')}
              options={itemOptions}
              error={errors?.itemId?.message}
              {...itemField}
              onChange={(event) => {
                void itemField.onChange(event);
                const id = Number(event.target.value);
                if (id > 0) onItemChosen?.(index, id);
              }}
            />
            {columns.map((column) =>
              column.kind === 'text' ? (
                <TextField
                  key={column.name}
                  label={column.label}
                  hint={column.hint}
                  autoComplete="off"
                  error={errors?.[column.name]?.message}
                  {...register(`${name}.${index}.${column.name}`)}
                />
              ) : (
                <DecimalField
                  key={column.name}
                  label={column.label}
                  hint={column.hint}
                  required={!column.optional}
                  error={errors?.[column.name]?.message}
                  {...register(`${name}.${index}.${column.name}`)}
                />
              ),
            )}
            <Button
              size="small"
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden="true" />}
              onClick={() => remove(index)}
            >
              {t('lines.remove', { n: index + 1 })}
            </Button>
          </fieldset>
        );
      })}
      {problem && (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.row}>
        <Button
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => append({ itemId: Number.NaN, ...asText(blank) })}
          disabled={items.length === 0}
        >
          {t('lines.add')}
        </Button>
        {items.length === 0 && <span className={`${styles.small} ${styles.muted}`}>{t('lines.noItems')}</span>}
      </div>
    </fieldset>
  );
}
