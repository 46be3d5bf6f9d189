import { useId } from 'react';
import { AlertTriangle, CalendarOff, Plus } from 'lucide-react';
import {
  OVERTIME_WEEKLY_MINUTES,
  type ScheduleEmployee,
  type ScheduleShift,
  type ScheduleWeek,
  type ShiftConflictKind,
} from '@hive/shared/schemas/backoffice/scheduling';
import { Button, EmptyState, VisuallyHidden } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { schedulingStyles as shared, type SchedulingFormat } from '../shared';
import styles from './schedule.module.css';

const byStart = (a: ScheduleShift, b: ScheduleShift) => a.start.localeCompare(b.start) || a.id - b.id;

/** The kinds of conflict of each shift, once each, in a fixed order. */
export function conflictKinds(week: ScheduleWeek): Map<number, ShiftConflictKind[]> {
  const order: ShiftConflictKind[] = ['overlap', 'time_off', 'over_40'];
  const kinds = new Map<number, Set<ShiftConflictKind>>();
  for (const c of week.conflicts) {
    if (!kinds.has(c.shiftId)) kinds.set(c.shiftId, new Set());
    kinds.get(c.shiftId)!.add(c.kind);
  }
  return new Map([...kinds].map(([id, set]) => [id, order.filter((k) => set.has(k))]));
}

/**
 * The week as a table: one row per employee (name, position, the week's hours and cost), one column
 * per day with the shifts as buttons that open the editor, and a totals row. It scrolls sideways in
 * its own focusable region, so the page does not on a narrow screen.
 */
export function WeekGrid({
  week,
  format,
  onAdd,
  onOpen,
}: {
  week: ScheduleWeek;
  format: SchedulingFormat;
  onAdd: (employee: ScheduleEmployee, date: string) => void;
  onOpen: (shift: ScheduleShift) => void;
}) {
  const { t } = useAreaT('scheduling');
  const headingId = useId();
  const captionId = useId();
  const positions = new Map(week.positions.map((p) => [p.id, p]));
  const conflicts = conflictKinds(week);
  const dayTotals = week.days.map((day) => {
    const shifts = week.shifts.filter((s) => s.date === day);
    return {
      minutes: shifts.reduce((sum, s) => sum + s.paidMinutes, 0),
      cents: shifts.reduce((sum, s) => sum + s.costCents, 0),
    };
  });

  return (
    <section className={shared.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.heading}>
        {t('schedule.grid.title')}
      </h2>
      {week.employees.length === 0 ? (
        <EmptyState
          plain
          level={3}
          title={t('schedule.grid.emptyTitle')}
          message={t('schedule.grid.emptyMessage', { location: week.locationName })}
        />
      ) : (
        <div className={shared.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={`${shared.table} ${styles.grid}`}>
            <caption id={captionId} className={shared.srOnly}>
              {t('schedule.grid.caption', {
                location: week.locationName,
                from: format.date(week.days[0]!),
                to: format.date(week.days[6]!),
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.employeeCol}>
                  {t('schedule.grid.employee')}
                </th>
                {week.days.map((day) => (
                  <th key={day} scope="col" abbr={format.dayLong(day)}>
                    <span className={styles.weekday}>{format.weekday(day)}</span>{' '}
                    <span className={styles.date}>{format.dayMonth(day)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {week.employees.map((employee) => {
                const over = employee.weekMinutes > OVERTIME_WEEKLY_MINUTES;
                const position = employee.positionId === null ? null : positions.get(employee.positionId);
                return (
                  <tr key={employee.id}>
                    <th scope="row" className={styles.employeeCol}>
                      <span className={styles.name}>{employee.name}</span>
                      <span className={shared.muted}>{position?.name ?? t('schedule.noPosition')}</span>
                      <span className={styles.week}>
                        {t('schedule.grid.weekFigures', {
                          hours: format.duration(employee.weekMinutes),
                          cost: format.cents(employee.weekCostCents),
                        })}
                      </span>
                      {over && (
                        <span className={shared.warnText}>
                          <AlertTriangle size={14} aria-hidden="true" />
                          {t('schedule.grid.over40')}
                        </span>
                      )}
                    </th>
                    {week.days.map((day) => {
                      const shifts = week.shifts
                        .filter((s) => s.employeeId === employee.id && s.date === day)
                        .sort(byStart);
                      const away = week.timeOff.find(
                        (o) => o.employeeId === employee.id && o.from <= day && day <= o.to,
                      );
                      return (
                        <td key={day} className={styles.cell}>
                          {away && (
                            <span className={styles.away}>
                              <CalendarOff size={14} aria-hidden="true" />
                              {t('schedule.grid.timeOff')}
                            </span>
                          )}
                          {shifts.length > 0 && (
                            <ul className={styles.chips}>
                              {shifts.map((shift) => (
                                <li key={shift.id}>
                                  <ShiftChip
                                    shift={shift}
                                    clock={format.clock}
                                    employee={employee}
                                    color={
                                      shift.positionId === null
                                        ? null
                                        : (positions.get(shift.positionId)?.color ?? null)
                                    }
                                    positionName={
                                      shift.positionId === null
                                        ? t('schedule.noPosition')
                                        : (positions.get(shift.positionId)?.name ?? t('schedule.noPosition'))
                                    }
                                    kinds={conflicts.get(shift.id) ?? []}
                                    dayLabel={format.dayLong(day)}
                                    onOpen={onOpen}
                                  />
                                </li>
                              ))}
                            </ul>
                          )}
                          <Button
                            size="small"
                            variant="ghost"
                            className={styles.add}
                            icon={<Plus size={14} aria-hidden="true" />}
                            aria-label={t('schedule.grid.addFor', { name: employee.name, day: format.dayLong(day) })}
                            onClick={() => onAdd(employee, day)}
                          >
                            {t('schedule.grid.add')}
                          </Button>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={styles.employeeCol}>
                  <span className={styles.name}>{t('schedule.grid.totals')}</span>
                  <span className={styles.week}>
                    {t('schedule.grid.weekFigures', {
                      hours: format.duration(week.labour.paidMinutes),
                      cost: format.cents(week.labour.costCents),
                    })}
                  </span>
                </th>
                {dayTotals.map((total, index) => (
                  <td key={week.days[index]} className={styles.total}>
                    <span>{format.duration(total.minutes)}</span>
                    <span>{format.cents(total.cents)}</span>
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

function ShiftChip({
  shift,
  clock,
  employee,
  color,
  positionName,
  kinds,
  dayLabel,
  onOpen,
}: {
  shift: ScheduleShift;
  /** The one time format (9:00 AM · 9:00). */
  clock: (hhmm: string) => string;
  employee: ScheduleEmployee;
  color: string | null;
  positionName: string;
  kinds: ShiftConflictKind[];
  dayLabel: string;
  onOpen: (shift: ScheduleShift) => void;
}) {
  const { t } = useAreaT('scheduling');
  const className = [styles.chip, kinds.length > 0 && styles.chipConflict, shift.unpublished && styles.chipDraft]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      style={color ? { borderLeftColor: color } : undefined}
      onClick={() => onOpen(shift)}
    >
      <VisuallyHidden>{t('schedule.chip.open', { name: employee.name, day: dayLabel })} </VisuallyHidden>
      <span className={styles.chipMain}>
        {t('schedule.chip.text', { start: clock(shift.start), end: clock(shift.end), position: positionName })}
      </span>
      {shift.overnight && <span className={styles.chipLine}>{t('schedule.chip.nextDay')}</span>}
      {kinds.map((kind) => (
        <span key={kind} className={styles.chipConflictText}>
          <AlertTriangle size={12} aria-hidden="true" />
          {t(`schedule.conflicts.short.${kind}`)}
        </span>
      ))}
      {shift.unpublished && <span className={styles.chipLine}>{t('schedule.chip.unpublished')}</span>}
    </button>
  );
}
