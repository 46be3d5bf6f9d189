import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { ScheduleShift, ScheduleWeek, ShiftConflict } from '@hive/shared/schemas/backoffice/scheduling';
import { useAreaT } from '../../../i18n';
import { schedulingStyles as shared, type SchedulingFormat } from '../shared';
import styles from './schedule.module.css';

/** The week's conflicts in words, above the grid; each names its shift and opens it. */
export function ConflictList({
  week,
  format,
  onOpen,
}: {
  week: ScheduleWeek;
  format: SchedulingFormat;
  onOpen: (shift: ScheduleShift) => void;
}) {
  const { t } = useAreaT('scheduling');
  const headingId = useId();
  const shifts = new Map(week.shifts.map((s) => [s.id, s]));
  const names = new Map(week.employees.map((e) => [e.id, e.name]));
  const conflicts = week.conflicts.filter((c) => shifts.has(c.shiftId));
  if (conflicts.length === 0) return null;

  const describe = (c: ShiftConflict, shift: ScheduleShift): string => {
    if (c.kind === 'overlap') {
      const other = c.otherId === null ? undefined : shifts.get(c.otherId);
      return other
        ? t('schedule.conflicts.long.overlap', {
            day: format.dayShort(other.date),
            start: format.clock(other.start),
            end: format.clock(other.end),
          })
        : t('schedule.conflicts.long.overlapElsewhere');
    }
    if (c.kind === 'time_off') {
      const away = week.timeOff.find((o) => o.id === c.otherId);
      return away
        ? t(away.reason ? 'schedule.conflicts.long.timeOffReason' : 'schedule.conflicts.long.timeOff', {
            from: format.dayShort(away.from),
            to: format.dayShort(away.to),
            reason: away.reason,
          })
        : t('schedule.conflicts.short.time_off');
    }
    const employee = week.employees.find((e) => e.id === shift.employeeId);
    return t('schedule.conflicts.long.over_40', { hours: format.duration(employee?.weekMinutes ?? 0) });
  };

  return (
    <section className={`${shared.section} ${styles.conflicts}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.heading}>
        <AlertTriangle size={18} aria-hidden="true" />
        {t('schedule.conflicts.title', { count: conflicts.length })}
      </h2>
      <p className={shared.muted}>{t('schedule.conflicts.hint')}</p>
      <ul className={styles.conflictList}>
        {conflicts.map((c) => {
          const shift = shifts.get(c.shiftId)!;
          return (
            <li key={`${c.shiftId}-${c.kind}-${c.otherId ?? ''}`}>
              <button type="button" className={shared.linkButton} onClick={() => onOpen(shift)}>
                {t('schedule.conflicts.shift', {
                  name: names.get(shift.employeeId) ?? '',
                  day: format.dayShort(shift.date),
                  start: format.clock(shift.start),
                  end: format.clock(shift.end),
                })}
              </button>
              {': '}
              {describe(c, shift)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
