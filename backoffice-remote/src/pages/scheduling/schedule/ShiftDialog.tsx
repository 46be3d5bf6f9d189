import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Trash2 } from 'lucide-react';
import {
  createShiftInputSchema,
  minuteOfDay,
  SCHEDULING_LIMITS,
  shiftLength,
  type ScheduleShift,
  type ScheduleWeek,
  type ShiftInput,
} from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, ConfirmDialog, FormDialog, DecimalField, SelectField, TextField } from '@hive/shared/ui';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { useFailureMessage } from '../../../frames/resource';
import { addDays, schedulingStyles as shared, useSubmitFailure, type SchedulingFormat } from '../shared';
import { useSchedulingApi } from '../api';
import styles from './schedule.module.css';

/** Who and when: a new shift (employee, day) or an existing one. */
export type ShiftTarget = { employeeId: number; date: string; shift?: ScheduleShift };

interface Values {
  locationId: number;
  employeeId: number;
  positionId: number | null;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  note: string;
}

/** The fields the dialog shows: a 400 on another one (employee, location, day) is the form's message. */
const SHOWN = ['positionId', 'start', 'end', 'breakMinutes', 'note'] as const;

const idOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The shift editor: position, start, end (at or before the start: the next day, said in words),
 * break and note; the server's field messages on their fields; Delete (confirmed) for an existing
 * shift.
 */
export function ShiftDialog({
  week,
  target,
  format,
  onClose,
  onDone,
}: {
  week: ScheduleWeek;
  target: ShiftTarget;
  format: SchedulingFormat;
  onClose: () => void;
  onDone: (what: 'created' | 'saved' | 'deleted', name: string) => void;
}) {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const submitFailure = useSubmitFailure('scheduling:schedule');
  const failure = useFailureMessage('scheduling:schedule');
  const { shift } = target;
  const employee = week.employees.find((e) => e.id === target.employeeId);
  const name = employee?.name ?? '';
  const resolver = useMemo(
    // The schema's refinement leaves its input type open: the form's values are what it parses.
    () => zodResolver(createShiftInputSchema(messages) as never) as unknown as Resolver<Values, unknown, ShiftInput>,
    [messages],
  );
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, ShiftInput>({
    resolver,
    defaultValues: {
      locationId: week.locationId,
      employeeId: target.employeeId,
      positionId: shift ? shift.positionId : (employee?.positionId ?? null),
      date: target.date,
      start: shift?.start ?? '09:00',
      end: shift?.end ?? '17:00',
      breakMinutes: shift?.breakMinutes ?? 0,
      note: shift?.note ?? '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [start, end, breakMinutes] = useWatch({ control, name: ['start', 'end', 'breakMinutes'] });

  const length = shiftLength(start ?? '', end ?? '');
  const overnight = length !== null && minuteOfDay(end)! <= minuteOfDay(start)!;
  const nextDay = addDays(target.date, 1) ?? target.date;
  const paid =
    length !== null && Number.isInteger(breakMinutes) && breakMinutes >= 0 && breakMinutes < length
      ? length - breakMinutes
      : null;

  const save = async (values: ShiftInput) => {
    setFormError(null);
    try {
      if (shift) await api.saveShift(shift.id, values);
      else await api.createShift(values);
      onDone(shift ? 'saved' : 'created', name);
    } catch (error) {
      setFormError(submitFailure(error, SHOWN, setError));
    }
  };

  const remove = async () => {
    if (!shift) return;
    setDeleting(true);
    try {
      await api.deleteShift(shift.id);
      setConfirmDelete(false);
      onDone('deleted', name);
    } catch (error) {
      setConfirmDelete(false);
      setFormError(failure(error));
    } finally {
      setDeleting(false);
    }
  };

  const day = format.dayLong(target.date);
  return (
    <>
      <FormDialog
        open
        title={t(shift ? 'schedule.dialog.editTitle' : 'schedule.dialog.newTitle', { name, day })}
        submitLabel={shift ? t('common:form.save') : t('schedule.dialog.add')}
        cancelLabel={t('common:common.cancel')}
        busy={isSubmitting || deleting}
        problem={formError ? <Alert kind="error">{formError}</Alert> : undefined}
        onSubmit={handleSubmit(save)}
        onCancel={onClose}
      >
        <SelectField
          label={t('schedule.dialog.position')}
          placeholder={t('schedule.noPosition')}
          options={week.positions.map((p) => ({ value: String(p.id), label: p.name }))}
          error={errors.positionId?.message}
          {...register('positionId', { setValueAs: idOrNull })}
        />
        <div className={styles.times}>
          <TextField
            type="time"
            label={t('schedule.dialog.start')}
            required
            error={errors.start?.message}
            {...register('start')}
          />
          <TextField
            type="time"
            label={t('schedule.dialog.end')}
            required
            hint={
              overnight
                ? t('schedule.dialog.endsNextDay', { day: format.dayLong(nextDay) })
                : t('schedule.dialog.endHint')
            }
            error={errors.end?.message}
            {...register('end')}
          />
        </div>
        <DecimalField
          label={t('schedule.dialog.break')}
          hint={t('schedule.dialog.breakHint')}
          required
          error={errors.breakMinutes?.message}
          {...register('breakMinutes', {
            setValueAs: (v: unknown) => (typeof v === 'string' ? inputToNumber(v, lang) : v),
          })}
        />
        <TextField
          label={t('schedule.dialog.note')}
          hint={t('schedule.dialog.noteHint')}
          autoComplete="off"
          maxLength={SCHEDULING_LIMITS.noteMax}
          error={errors.note?.message}
          {...register('note')}
        />
        <p className={shared.note} aria-live="polite">
          <Info size={16} aria-hidden="true" />
          {paid === null
            ? t('schedule.dialog.paidUnknown')
            : t('schedule.dialog.paid', { hours: format.duration(paid) })}
        </p>
        {shift && (
          <div>
            <Button
              variant="danger"
              icon={<Trash2 size={16} aria-hidden="true" />}
              disabled={isSubmitting || deleting}
              onClick={() => setConfirmDelete(true)}
            >
              {t('schedule.dialog.delete')}
            </Button>
          </div>
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t('schedule.dialog.deleteTitle')}
        message={t('schedule.dialog.deleteMessage', {
          name,
          day,
          start: shift ? format.clock(shift.start) : '',
          end: shift ? format.clock(shift.end) : '',
        })}
        confirmLabel={t('schedule.dialog.delete')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
