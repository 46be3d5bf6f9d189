import { useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import {
  createTimeOffInputSchema,
  SCHEDULING_LIMITS,
  type ScheduleWeek,
  type TimeOff,
  type TimeOffInput,
} from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, ConfirmDialog, FormDialog, SelectField, TextField, useToast } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { schedulingStyles as shared, useSubmitFailure, type SchedulingFormat } from '../shared';
import { useSchedulingApi } from '../api';
import styles from './schedule.module.css';

/** The week's time off: who is away when and why; add (a dialog) and remove (confirmed). */
export function TimeOffSection({
  week,
  format,
  onChanged,
}: {
  week: ScheduleWeek;
  format: SchedulingFormat;
  onChanged: () => void;
}) {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const toast = useToast();
  const failure = useFailureMessage('scheduling:schedule');
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<TimeOff | null>(null);
  const [removing, setRemoving] = useState(false);
  const range = (o: TimeOff) =>
    o.from === o.to
      ? format.dayShort(o.from)
      : t('schedule.timeOff.range', { from: format.dayShort(o.from), to: format.dayShort(o.to) });

  const remove = async () => {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await api.deleteTimeOff(toRemove.id);
      toast.success(t('schedule.timeOff.removed', { name: toRemove.employeeName }));
      onChanged();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setRemoving(false);
      setToRemove(null);
    }
  };

  return (
    <section className={shared.section} aria-labelledby={headingId}>
      <div className={shared.sectionHead}>
        <h2 id={headingId} className={shared.heading}>
          {t('schedule.timeOff.title')}
        </h2>
        <Button
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={week.employees.length === 0}
          onClick={() => setAdding(true)}
        >
          {t('schedule.timeOff.add')}
        </Button>
      </div>
      {week.timeOff.length === 0 ? (
        <p className={shared.muted}>{t('schedule.timeOff.none')}</p>
      ) : (
        <ul className={styles.timeOffList} aria-labelledby={headingId}>
          {week.timeOff.map((o) => (
            <li key={o.id}>
              <span className={styles.timeOffText}>
                <strong>{o.employeeName}</strong> <span>{range(o)}</span>
                {o.reason && <span className={shared.muted}>{o.reason}</span>}
              </span>
              <Button
                size="small"
                variant="ghost"
                aria-label={t('schedule.timeOff.removeNamed', { name: o.employeeName, range: range(o) })}
                onClick={() => setToRemove(o)}
              >
                {t('schedule.timeOff.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <TimeOffDialog
          week={week}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            toast.success(t('schedule.timeOff.added', { name: saved.employeeName }));
            onChanged();
          }}
        />
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={t('schedule.timeOff.removeTitle')}
        message={
          toRemove ? t('schedule.timeOff.removeMessage', { name: toRemove.employeeName, range: range(toRemove) }) : ''
        }
        confirmLabel={t('schedule.timeOff.remove')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={removing}
        onConfirm={() => void remove()}
        onCancel={() => setToRemove(null)}
      />
    </section>
  );
}

interface Values {
  employeeId: number | undefined;
  from: string;
  to: string;
  reason: string;
}

const SHOWN = ['employeeId', 'from', 'to', 'reason'] as const;
const idOrUndefined = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

function TimeOffDialog({
  week,
  onClose,
  onSaved,
}: {
  week: ScheduleWeek;
  onClose: () => void;
  onSaved: (saved: TimeOff) => void;
}) {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const messages = useValidationMessages();
  const submitFailure = useSubmitFailure('scheduling:schedule');
  const resolver = useMemo(
    () =>
      zodResolver(createTimeOffInputSchema(messages) as never) as unknown as Resolver<Values, unknown, TimeOffInput>,
    [messages],
  );
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, TimeOffInput>({
    resolver,
    defaultValues: { employeeId: undefined, from: week.days[0], to: week.days[6], reason: '' },
  });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (values: TimeOffInput) => {
    setFormError(null);
    try {
      onSaved(await api.createTimeOff(values));
    } catch (error) {
      setFormError(submitFailure(error, SHOWN, setError));
    }
  };

  return (
    <FormDialog
      open
      title={t('schedule.timeOff.dialogTitle')}
      submitLabel={t('schedule.timeOff.add')}
      cancelLabel={t('common:common.cancel')}
      busy={isSubmitting}
      problem={formError ? <Alert kind="error">{formError}</Alert> : undefined}
      onSubmit={handleSubmit(save)}
      onCancel={onClose}
    >
      <SelectField
        label={t('schedule.timeOff.employee')}
        required
        placeholder={t('schedule.timeOff.chooseEmployee')}
        options={week.employees.map((e) => ({ value: String(e.id), label: e.name }))}
        error={errors.employeeId?.message}
        {...register('employeeId', { setValueAs: idOrUndefined })}
      />
      <div className={styles.times}>
        <TextField
          type="date"
          label={t('schedule.timeOff.from')}
          required
          error={errors.from?.message}
          {...register('from')}
        />
        <TextField
          type="date"
          label={t('schedule.timeOff.to')}
          hint={t('schedule.timeOff.toHint')}
          required
          error={errors.to?.message}
          {...register('to')}
        />
      </div>
      <TextField
        label={t('schedule.timeOff.reason')}
        hint={t('schedule.timeOff.reasonHint')}
        autoComplete="off"
        maxLength={SCHEDULING_LIMITS.reasonMax}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
