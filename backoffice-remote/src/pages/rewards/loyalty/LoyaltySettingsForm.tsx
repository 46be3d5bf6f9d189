import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createLoyaltySettingsSchema, type LoyaltySettings } from '@hive/shared/schemas/backoffice/rewards';
import { pointsValueCents } from '@hive/register-sdk/money';
import { Alert, Button, CheckboxField, DecimalField, TextField, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { centsToInput, inputToCents, inputToNumber, useCentsFormat } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useRewardsApi } from '../api';
import styles from '../shared/rewards.module.css';

interface Values {
  enabled: boolean;
  pointsPerUnit: string;
  /** What 100 points are worth, in the currency ("1.00"). */
  value: string;
  minRedeemPoints: string;
}

/**
 * The form's values as the schema takes them, read in the user's language ("0,50" in es): '' is
 * null, anything unreadable stays as typed so the schema names the problem. Points are read with
 * decimals so that "2,5" reaches the schema, which asks for a whole number.
 */
const toInput = (v: Values, lang: string) => ({
  enabled: v.enabled,
  pointsPerUnit: inputToNumber(v.pointsPerUnit, lang),
  valuePer100Cents: inputToCents(v.value, lang),
  minRedeemPoints: inputToNumber(v.minRedeemPoints, lang),
});

/** The programme: on or off, points per 1.00 spent, what 100 points are worth, the fewest redeemed. */
export function LoyaltySettingsForm({
  settings,
  currency,
  onSaved,
}: {
  settings: LoyaltySettings;
  currency: string;
  onSaved: () => void;
}) {
  const { t } = useAreaT('rewards');
  const api = useRewardsApi();
  const toast = useToast();
  const format = useCentsFormat();
  const failure = useFailureMessage('rewards:loyalty');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, LoyaltySettings>>(() => {
    const inner = zodResolver(createLoyaltySettingsSchema(messages));
    return async (values, context, options) => {
      const result = await inner(toInput(values, lang) as never, context, options as never);
      const { valuePer100Cents, ...errors } = result.errors as Record<string, unknown>;
      return (valuePer100Cents ? { ...result, errors: { ...errors, value: valuePer100Cents } } : result) as never;
    };
  }, [messages, lang]);
  const { register, handleSubmit, setError, watch, formState } = useForm<Values, unknown, LoyaltySettings>({
    resolver,
    defaultValues: {
      enabled: settings.enabled,
      pointsPerUnit: String(settings.pointsPerUnit),
      value: centsToInput(settings.valuePer100Cents, lang),
      minRedeemPoints: String(settings.minRedeemPoints),
    },
  });
  const { errors, isSubmitting } = formState;
  const preview = toInput(watch(), lang);
  const example =
    typeof preview.pointsPerUnit === 'number' && typeof preview.valuePer100Cents === 'number'
      ? t('loyalty.settings.example', {
          spent: format.cents(2000),
          points: Math.floor(20 * preview.pointsPerUnit),
          worth: format.cents(
            pointsValueCents(
              { pointsPerUnit: preview.pointsPerUnit, valuePer100Cents: preview.valuePer100Cents },
              Math.floor(20 * preview.pointsPerUnit),
            ),
          ),
        })
      : '';

  const save = async (values: LoyaltySettings) => {
    try {
      await api.saveLoyaltySettings(values);
      toast.success(t('loyalty.settings.saved'));
      onSaved();
    } catch (error) {
      const fields = Object.entries(fieldErrors(error));
      if (fields.length === 0) toast.error(failure(error));
      for (const [field, message] of fields) {
        setError((field === 'valuePer100Cents' ? 'value' : field) as keyof Values, { type: 'server', message });
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(save)} noValidate aria-labelledby="loyalty-settings">
      <h2 className={styles.heading} id="loyalty-settings">
        {t('loyalty.settings.title')}
      </h2>
      <CheckboxField
        label={t('loyalty.settings.enabled')}
        hint={t('loyalty.settings.enabledHint')}
        {...register('enabled')}
      />
      <div className={styles.grid}>
        <TextField
          label={t('loyalty.settings.pointsPerUnit')}
          hint={t('loyalty.settings.pointsPerUnitHint', { currency })}
          inputMode="numeric"
          autoComplete="off"
          error={errors.pointsPerUnit?.message}
          {...register('pointsPerUnit')}
        />
        <DecimalField
          label={t('loyalty.settings.value')}
          hint={t('loyalty.settings.valueHint', { currency })}
          error={errors.value?.message}
          {...register('value')}
        />
        <TextField
          label={t('loyalty.settings.minRedeemPoints')}
          hint={t('loyalty.settings.minRedeemPointsHint')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.minRedeemPoints?.message}
          {...register('minRedeemPoints')}
        />
      </div>
      {example && <p className={styles.muted}>{example}</p>}
      {errors.root && <Alert kind="error">{errors.root.message}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {t('loyalty.settings.save')}
        </Button>
      </div>
    </form>
  );
}
