import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ADDONS, LICENSES } from '@hive/shared/config';
import {
  createPlanRequestSchema,
  type BillingPlan,
  type SupportRequestSummary,
} from '@hive/shared/schemas/backoffice/settings';
import { Alert, FormDialog, SelectField, TextAreaField, useToast } from '@hive/shared/ui';
import { CheckboxList } from '../../../components';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { useSaveRecord } from '../../../frames/resource';
import { SETTINGS_ENDPOINT, useSettingsApi } from '../api';

type Schema = ReturnType<typeof createPlanRequestSchema>;
type Values = z.input<Schema>;

/** "Request a change": the plan the merchant would like, and a message; sent as a support ticket. */
export function RequestChangeDialog({
  plan,
  wanted,
  onClose,
  onSent,
}: {
  plan: BillingPlan;
  /** Preselected (from a page the plan lacks): a licence and add-ons to add; unknown names are ignored. */
  wanted?: { license: string | null; addons: string[] };
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useAreaT('settings');
  const api = useSettingsApi();
  const toast = useToast();
  const messages = useValidationMessages();
  const schema = useMemo(() => createPlanRequestSchema(messages), [messages]);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      license: LICENSES.find((name) => name === wanted?.license) ?? plan.license,
      addons: [...new Set([...plan.addons, ...ADDONS.filter((name) => wanted?.addons.includes(name))])],
      message: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<SupportRequestSummary, Values>({
    endpoint: SETTINGS_ENDPOINT.billingRequests,
    prefix: 'settings:billing.request',
    setError,
    send: (values) => api.requestPlanChange(values as z.output<Schema>),
    onSaved: (created) => {
      toast.success(t('billing.request.sent', { ref: created.ref }));
      onSent();
    },
  });

  return (
    <FormDialog
      open
      title={t('billing.request.title')}
      submitLabel={isSubmitting ? t('billing.request.sending') : t('billing.request.send')}
      cancelLabel={t('common:common.cancel')}
      busy={isSubmitting}
      onSubmit={handleSubmit(async (values) => {
        setProblem(null);
        await save(values);
      })}
      onCancel={onClose}
      problem={(formError ?? problem) && <Alert kind="error">{formError ?? problem}</Alert>}
    >
      <p>{t('billing.request.intro')}</p>
      <SelectField
        label={t('billing.request.license')}
        options={LICENSES.map((name) => ({ value: name, label: name }))}
        error={errors.license?.message}
        {...register('license')}
      />
      <Controller
        control={control}
        name="addons"
        render={({ field, fieldState }) => (
          <CheckboxList<string>
            ref={field.ref}
            legend={t('billing.request.addons')}
            options={ADDONS.map((name) => ({ value: name, label: name }))}
            value={(field.value ?? []) as string[]}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextAreaField
        label={t('billing.request.message')}
        hint={t('billing.request.messageHint')}
        rows={4}
        maxLength={2100}
        error={errors.message?.message}
        {...register('message')}
      />
    </FormDialog>
  );
}
