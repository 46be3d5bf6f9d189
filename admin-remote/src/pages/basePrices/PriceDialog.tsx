import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  basePriceSchema,
  type AdminBasePrice,
  type AdminPriceChange,
  type BasePriceChange,
  type Page,
} from '@hive/shared/schemas/admin';
import { Alert, DecimalField, TextField, decimalInput, decimalResolver, useToast } from '@hive/shared/ui';
import { applyServerErrors, decimalMessage, describeProblem, fieldMessage, useAdminQuery } from '../../api';
import { BASE_PRICES_URL, useBasePricesApi } from './api';
import { FormDialog, formatDateTime, formatMoney } from '../../components';
import styles from '../pages.module.css';

/** The price as typed, in the user's language ("49,90" in es): read by decimalResolver. */
type Values = Omit<z.input<typeof basePriceSchema>, 'monthlyPrice'> & { monthlyPrice: string };

/** A new monthly base price for one licence or add-on, with the item's price history. */
export function PriceDialog({
  item,
  onClose,
  onSaved,
}: {
  item: AdminBasePrice;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('login');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const api = useBasePricesApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const history = useAdminQuery<Page<AdminPriceChange>>(BASE_PRICES_URL.history, {
    kind: item.kind,
    name: item.name,
    pageSize: 10,
  });
  const resolver = useMemo(
    () =>
      decimalResolver<Values, unknown, BasePriceChange>(
        zodResolver(basePriceSchema) as never,
        { monthlyPrice: { decimals: 2 } },
        lang,
        decimalMessage(t),
      ),
    [lang, t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, BasePriceChange>({
    resolver,
    defaultValues: {
      kind: item.kind,
      name: item.name,
      monthlyPrice: decimalInput(item.monthlyPrice, lang, 2, 2),
      note: '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await api.savePrice(body);
      toast.success(t('basePrices.saved', { name: item.name, price: formatMoney(body.monthlyPrice, i18n.language) }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['monthlyPrice', 'note'])) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      title={t('basePrices.editTitle', { name: item.name })}
      submitLabel={isSubmitting ? t('common.saving') : t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <DecimalField
        label={t('basePrices.monthlyPrice')}
        required
        error={fieldMessage(t, errors.monthlyPrice?.message)}
        {...register('monthlyPrice')}
      />
      <TextField
        label={t('basePrices.note')}
        hint={t('basePrices.noteHint')}
        error={fieldMessage(t, errors.note?.message)}
        {...register('note')}
      />
      <section aria-labelledby="price-history">
        <h3 id="price-history" className={styles.sectionTitle}>
          {t('basePrices.history')}
        </h3>
        {history.error ? (
          <Alert kind="error">{describeProblem(t, history.error)}</Alert>
        ) : (
          <ul className={styles.history}>
            {(history.data?.items ?? []).map((change) => (
              <li key={change.id}>
                <strong>{formatMoney(change.monthlyPrice, i18n.language)}</strong>
                {change.previousPrice !== null && (
                  <span className={styles.muted}>
                    {t('basePrices.was', { price: formatMoney(change.previousPrice, i18n.language) })}
                  </span>
                )}
                <span>{formatDateTime(change.changedAt, i18n.language)}</span>
                <span className={styles.muted}>{change.changedBy ?? t('basePrices.system')}</span>
                {change.note && <em>{change.note}</em>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </FormDialog>
  );
}
