import { PERIOD_PRESETS, type PeriodPreset } from '@hive/shared/schemas/backoffice/reports';
import { ATTENDANCE_STATUSES, type AttendanceAnswer } from '@hive/shared/schemas/backoffice/scheduling';
import { SelectField, TextField } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { usePeriodPicker, withCurrent, type ParamPatch } from '../../../frames/report';
import { schedulingStyles as shared, type SchedulingFormat } from '../shared';

/** The period the server reads when the URL names none. */
export const DEFAULT_PERIOD: Exclude<PeriodPreset, 'custom'> = 'this_week';
const RANGE_ID = 'attendance-period-range';

/**
 * The report frame's filters (period presets or a custom range, location, employee) and the
 * entries' status, every one in the URL.
 */
export function AttendanceFilters({
  data,
  values,
  update,
  format,
}: {
  data: AttendanceAnswer | undefined;
  values: Record<string, string>;
  update: (patch: ParamPatch, options?: { replace?: boolean }) => void;
  format: SchedulingFormat;
}) {
  const { t } = useAreaT('scheduling');
  const { custom, preset, from, to, setDates, choosePreset } = usePeriodPicker({
    data,
    values,
    update,
    defaultPeriod: DEFAULT_PERIOD,
  });

  return (
    <div className={shared.controls} role="group" aria-label={t('attendance.filters.label')}>
      <SelectField
        label={t('attendance.filters.period')}
        className={shared.control}
        value={preset}
        aria-describedby={RANGE_ID}
        onChange={(event) => choosePreset(event.target.value as PeriodPreset)}
        options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`attendance.filters.presets.${p}`) }))}
      />
      {custom && (
        <>
          <TextField
            type="date"
            label={t('attendance.filters.from')}
            className={shared.control}
            value={from}
            max={to || undefined}
            onChange={(event) => setDates(event.target.value, to)}
          />
          <TextField
            type="date"
            label={t('attendance.filters.to')}
            hint={t('attendance.filters.toHint')}
            className={shared.control}
            value={to}
            min={from || undefined}
            onChange={(event) => setDates(from, event.target.value)}
          />
        </>
      )}
      <SelectField
        label={t('attendance.filters.location')}
        className={shared.control}
        value={values.location ?? ''}
        onChange={(event) => update({ location: event.target.value || null })}
        placeholder={t('attendance.filters.allLocations')}
        options={withCurrent(
          (data?.filters.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
          values.location,
        )}
      />
      <SelectField
        label={t('attendance.filters.employee')}
        className={shared.control}
        value={values.employee ?? ''}
        onChange={(event) => update({ employee: event.target.value || null })}
        placeholder={t('attendance.filters.allEmployees')}
        options={withCurrent(
          (data?.filters.employees ?? []).map((e) => ({ value: String(e.id), label: e.name })),
          values.employee,
        )}
      />
      <SelectField
        label={t('attendance.filters.status')}
        className={shared.control}
        value={values.status ?? ''}
        onChange={(event) => update({ status: event.target.value || null })}
        placeholder={t('attendance.filters.allStatuses')}
        options={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: t(`attendance.statuses.${s}`) }))}
      />
      <p id={RANGE_ID} className={`${shared.muted} ${shared.range}`}>
        {data &&
          t('attendance.filters.range', { from: format.date(data.period.from), to: format.date(data.period.to) })}
      </p>
    </div>
  );
}
