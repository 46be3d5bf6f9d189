import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createGiftCardIssueSchema,
  createGiftCardUpdateSchema,
  formatGiftCardNumber,
  maskGiftCardNumber,
  type GiftCard,
  type GiftCardDetail,
  type GiftCardIssueInput,
  type GiftCardOptions,
  type IssuedGiftCard,
} from '@hive/shared/schemas/backoffice/rewards';
import { Alert, ConfirmDialog, DecimalField, SelectField, TextAreaField, TextField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { inputToCents } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { GiftCardBalanceSection } from './GiftCardBalance';
import { REWARDS_ENDPOINT, REWARDS_URL, useRewardsApi } from '../api';
import styles from '../shared/rewards.module.css';

interface Values {
  /** In the company's currency ("25.00"); sent as cents. New cards only. */
  amount: string;
  customerId: string;
  expiresOn: string;
  note: string;
}

/** The form's values as the schemas take them (the amount read in the user's language). */
const toInput = (values: Values, lang: string) => ({
  amountCents: inputToCents(values.amount, lang),
  customerId: values.customerId === '' ? null : Number(values.customerId),
  expiresOn: values.expiresOn === '' ? null : values.expiresOn,
  note: values.note,
});

export function GiftCardForm(props: ResourceFormProps<GiftCard>) {
  const options = useApi<GiftCardOptions>(REWARDS_URL.giftCardOptions);
  const { t } = useAreaT('rewards');
  if (options.error) return <Alert kind="error">{t('giftcards.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  // The editor loads `giftcards/:id`, which answers the card with its history.
  return <GiftCardFields {...(props as unknown as ResourceFormProps<GiftCardDetail>)} options={options.data} />;
}

function GiftCardFields({
  record,
  onSaved,
  onCancel,
  reload,
  options,
}: ResourceFormProps<GiftCardDetail> & { options: GiftCardOptions }) {
  const { t } = useAreaT('rewards');
  const api = useRewardsApi();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const resolver = useMemo<Resolver<Values, unknown, GiftCardIssueInput>>(() => {
    const inner = zodResolver(record ? createGiftCardUpdateSchema(messages) : createGiftCardIssueSchema(messages));
    return async (values, context, options) => {
      const { amountCents, ...rest } = toInput(values, lang);
      const result = await inner((record ? rest : { amountCents, ...rest }) as never, context, options as never);
      // The schema names the amount amountCents; the form shows it as amount.
      const { amountCents: amountError, ...errors } = result.errors as Record<string, unknown>;
      return (amountError ? { ...result, errors: { ...errors, amount: amountError } } : result) as never;
    };
  }, [messages, record, lang]);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, GiftCardIssueInput>({
    resolver,
    defaultValues: {
      amount: '',
      customerId: record?.customer ? String(record.customer.id) : '',
      expiresOn: record?.expiresOn ?? '',
      note: record?.note ?? '',
    },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<GiftCardDetail, Values>({
    endpoint: REWARDS_ENDPOINT.giftCards,
    prefix: 'rewards:giftcards',
    record,
    setError: (name, error, options) =>
      setError((name === ('amountCents' as never) ? 'amount' : name) as keyof Values, error, options),
    // A new card comes back with its number: shown once, then the list.
    onSaved: (saved, isNew) => (isNew ? undefined : onSaved(saved, false)),
    send: record
      ? undefined
      : async (values) => {
          // The values the resolver let through: an issue's.
          const answer = await api.issueGiftCard(values as GiftCardIssueInput);
          setIssued(answer);
          return answer;
        },
  });
  useEffect(() => setFocus(record ? 'customerId' : 'amount'), [setFocus, record]);
  const readOnly = record !== undefined && record.status === 'void';

  return (
    <>
      <FormShell
        label={record ? t('giftcards.edit') : t('giftcards.new')}
        onSubmit={handleSubmit((values) => save(values))}
        onCancel={onCancel}
        submitting={isSubmitting}
        formError={formError}
      >
        {record && (
          <p className={styles.summary}>
            <strong>{maskGiftCardNumber(record.last4)}</strong>
          </p>
        )}
        <div className={styles.grid}>
          {!record && (
            <DecimalField
              label={t('giftcards.fields.amount')}
              hint={t('giftcards.hints.amount', { currency: options.currency })}
              required
              error={errors.amount?.message}
              {...register('amount')}
            />
          )}
          <SelectField
            label={t('giftcards.fields.customer')}
            hint={t('giftcards.hints.customer')}
            placeholder={t('giftcards.noCustomer')}
            options={options.customers.map((c) => ({ value: String(c.id), label: c.name }))}
            disabled={readOnly}
            error={errors.customerId?.message}
            {...register('customerId')}
          />
          <TextField
            type="date"
            label={t('giftcards.fields.expiresOn')}
            hint={t('giftcards.hints.expiresOn')}
            disabled={readOnly}
            error={errors.expiresOn?.message}
            {...register('expiresOn')}
          />
          <TextAreaField
            className={styles.wide}
            label={t('giftcards.fields.note')}
            rows={2}
            maxLength={500}
            disabled={readOnly}
            error={errors.note?.message}
            {...register('note')}
          />
        </div>
      </FormShell>
      {record && <GiftCardBalanceSection card={record} onChanged={reload} />}
      {issued && (
        <ConfirmDialog
          open
          title={t('giftcards.issued.title')}
          message={
            <>
              <span className={styles.number} data-testid="gift-card-number">
                {formatGiftCardNumber(issued.number)}
              </span>
              <span>{t('giftcards.issued.message')}</span>
            </>
          }
          confirmLabel={t('giftcards.issued.noted')}
          cancelLabel={t('common:common.dismiss')}
          onConfirm={() => onSaved(issued, true)}
          onCancel={() => onSaved(issued, true)}
        />
      )}
    </>
  );
}
