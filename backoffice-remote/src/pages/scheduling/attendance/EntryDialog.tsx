import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import {
  createTimeEntryInputSchema,
  SCHEDULING_LIMITS,
  type TimeEntry,
  type TimeEntryInput,
} from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, FormDialog, DecimalField, SelectField, TextField } from '@hive/shared/ui';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { schedulingStyles as shared, toLocalInput, useSubmitFailure } from '../shared';
import { useSchedulingApi } from '../api';
import styles from './attendance.module.css';

interface Values {
  employeeId: number | undefined;
  locationId: number | undefined;
  clockIn: string;
  clockOut: string;
  breakMinutes: number;
  reason: string;
}

/** What a new entry starts with (e.g. a missing punch's employee, location and shift start). */
export type EntryDraft = Partial<Pick<Values, 'employeeId' | 'locationId' | 'clockIn' | 'clockOut'>>;

const idOrUndefined = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/**
 * A manual entry (employee, location, clock in, clock out or none yet, break, reason) or a
 * correction of an entry (its times, break and a reason; it needs approval again). The times are
 * the location's wall clock, as `<input type="datetime-local">` gives them.
 */
export function EntryDialog({
  entry,
  draft,
  employees,
  locations,
  onClose,
  onSaved,
}: {
  entry?: TimeEntry;
  draft?: EntryDraft;
  employees: { id: number; name: string }[];
  locations: { id: number; name: string }[];
  onClose: () => void;
  onSaved: (saved: TimeEntry, created: boolean) => void;
}) {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const submitFailure = useSubmitFailure('scheduling:attendance');
  const resolver = useMemo(
    // The schema's refinement leaves its input type open: the form's values are what it parses.
    () =>
      zodResolver(createTimeEntryInputSchema(messages) as never) as unknown as Resolver<
        Values,
        unknown,
        TimeEntryInput
      >,
    [messages],
  );
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, TimeEntryInput>({
    resolver,
    defaultValues: entry
      ? {
          employeeId: entry.employeeId,
          locationId: entry.locationId ?? undefined,
          clockIn: toLocalInput(entry.clockIn),
          clockOut: entry.clockOut ? toLocalInput(entry.clockOut) : '',
          breakMinutes: entry.breakMinutes,
          reason: '',
        }
      : {
          employeeId: draft?.employeeId,
          locationId: draft?.locationId ?? (locations.length === 1 ? locations[0]!.id : undefined),
          clockIn: draft?.clockIn ?? '',
          clockOut: draft?.clockOut ?? '',
          breakMinutes: 0,
          reason: '',
        },
  });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<string | null>(null);
  // An entry's location is kept unless it has none (a punch from a register without one).
  const chooseLocation = !entry || entry.locationId === null;
  const shown = [
    'clockIn',
    'clockOut',
    'breakMinutes',
    'reason',
    ...(entry ? [] : ['employeeId']),
    ...(chooseLocation ? ['locationId'] : []),
  ];

  const save = async (values: TimeEntryInput) => {
    setFormError(null);
    try {
      const saved = entry ? await api.saveEntry(entry.id, values) : await api.createEntry(values);
      onSaved(saved, !entry);
    } catch (error) {
      setFormError(submitFailure(error, shown, setError));
    }
  };

  return (
    <FormDialog
      open
      title={entry ? t('attendance.dialog.editTitle', { name: entry.employeeName }) : t('attendance.dialog.newTitle')}
      submitLabel={entry ? t('common:form.save') : t('attendance.dialog.add')}
      cancelLabel={t('common:common.cancel')}
      busy={isSubmitting}
      problem={formError ? <Alert kind="error">{formError}</Alert> : undefined}
      onSubmit={handleSubmit(save)}
      onCancel={onClose}
    >
      <p className={shared.note}>
        <Info size={16} aria-hidden="true" />
        {entry ? t('attendance.dialog.editNote') : t('attendance.dialog.newNote')}
      </p>
      {!entry && (
        <SelectField
          label={t('attendance.dialog.employee')}
          required
          placeholder={t('attendance.dialog.chooseEmployee')}
          options={employees.map((e) => ({ value: String(e.id), label: e.name }))}
          error={errors.employeeId?.message}
          {...register('employeeId', { setValueAs: idOrUndefined })}
        />
      )}
      {chooseLocation && (
        <SelectField
          label={t('attendance.dialog.location')}
          hint={t('attendance.dialog.locationHint')}
          required
          placeholder={t('attendance.dialog.chooseLocation')}
          options={locations.map((l) => ({ value: String(l.id), label: l.name }))}
          error={errors.locationId?.message}
          {...register('locationId', { setValueAs: idOrUndefined })}
        />
      )}
      <div className={styles.times}>
        <TextField
          type="datetime-local"
          label={t('attendance.dialog.clockIn')}
          required
          error={errors.clockIn?.message}
          {...register('clockIn')}
        />
        <TextField
          type="datetime-local"
          label={t('attendance.dialog.clockOut')}
          hint={t('attendance.dialog.clockOutHint')}
          error={errors.clockOut?.message}
          {...register('clockOut')}
        />
      </div>
      <DecimalField
        label={t('attendance.dialog.break')}
        hint={t('attendance.dialog.breakHint')}
        required
        error={errors.breakMinutes?.message}
        {...register('breakMinutes', {
          setValueAs: (v: unknown) => (typeof v === 'string' ? inputToNumber(v, lang) : v),
        })}
      />
      <TextField
        label={t('attendance.dialog.reason')}
        hint={
          entry?.reason
            ? t('attendance.dialog.reasonHintPrevious', { reason: entry.reason })
            : t('attendance.dialog.reasonHint')
        }
        required
        autoComplete="off"
        maxLength={SCHEDULING_LIMITS.reasonMax}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
