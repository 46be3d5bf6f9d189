import { useId } from 'react';
import { Check, Pencil, Trash2 } from 'lucide-react';
import type { TimeEntry, TimeEntryFlag } from '@hive/shared/schemas/backoffice/scheduling';
import { Button } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { Badge, datePart, schedulingStyles as shared, addDays, type SchedulingFormat } from '../shared';
import type { BadgeKind } from '../../../components';
import styles from './attendance.module.css';

/** An entry that can be approved: waiting, and closed (an open one has no length yet). */
export const approvable = (entry: TimeEntry) => entry.status === 'pending' && entry.clockOut !== null;

const FLAG_KINDS: Record<Exclude<TimeEntryFlag, 'unscheduled'>, BadgeKind> = {
  late: 'warn',
  missing_clock_out: 'danger',
  on_break: 'info',
  manual: 'off',
  edited: 'off',
};

/**
 * The period's time-clock entries: who, when, the matched shift, flags in words, the status, and
 * Edit, Approve and (manual entries) Delete; rows that can be approved can be selected.
 */
export function EntriesTable({
  entries,
  format,
  selected,
  onSelect,
  onSelectAll,
  onEdit,
  onApprove,
  onDelete,
  busy,
}: {
  entries: TimeEntry[];
  format: SchedulingFormat;
  selected: ReadonlySet<number>;
  onSelect: (id: number, checked: boolean) => void;
  onSelectAll: (checked: boolean) => void;
  onEdit: (entry: TimeEntry) => void;
  onApprove: (entry: TimeEntry) => void;
  onDelete: (entry: TimeEntry) => void;
  busy: boolean;
}) {
  const { t } = useAreaT('scheduling');
  const captionId = useId();
  const openNoteId = useId();
  const ready = entries.filter(approvable);
  const allSelected = ready.length > 0 && ready.every((e) => selected.has(e.id));

  const clockOut = (entry: TimeEntry) => {
    if (entry.clockOut === null) return <Badge kind="info">{t('attendance.table.stillIn')}</Badge>;
    const inDate = datePart(entry.clockIn);
    const outDate = datePart(entry.clockOut);
    if (outDate === inDate) return format.clock(entry.clockOut);
    if (outDate === addDays(inDate, 1)) return t('attendance.table.nextDay', { time: format.clock(entry.clockOut) });
    return t('attendance.table.onDay', { day: format.dayShort(outDate), time: format.clock(entry.clockOut) });
  };
  const flagText = (flag: TimeEntryFlag, entry: TimeEntry) =>
    flag === 'late' ? t('attendance.flags.late', { minutes: entry.lateMinutes ?? 0 }) : t(`attendance.flags.${flag}`);
  const rowName = (entry: TimeEntry) =>
    t('attendance.table.rowName', { name: entry.employeeName, day: format.dayShort(datePart(entry.clockIn)) });

  return (
    <div className={shared.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`${shared.table} ${styles.entries}`}>
        <caption id={captionId} className={shared.srOnly}>
          {t('attendance.table.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                className={styles.check}
                aria-label={t('attendance.table.selectAll')}
                checked={allSelected}
                disabled={ready.length === 0 || busy}
                onChange={(event) => onSelectAll(event.target.checked)}
              />
            </th>
            <th scope="col">{t('attendance.table.employee')}</th>
            <th scope="col">{t('attendance.table.date')}</th>
            <th scope="col">{t('attendance.table.clockIn')}</th>
            <th scope="col">{t('attendance.table.clockOut')}</th>
            <th scope="col" className={shared.num}>
              {t('attendance.table.break')}
            </th>
            <th scope="col" className={shared.num}>
              {t('attendance.table.worked')}
            </th>
            <th scope="col">{t('attendance.table.scheduled')}</th>
            <th scope="col">{t('attendance.table.flags')}</th>
            <th scope="col">{t('attendance.table.status')}</th>
            <th scope="col">
              <span className={shared.srOnly}>{t('common:common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const name = rowName(entry);
            const flags = entry.flags.filter((f): f is Exclude<TimeEntryFlag, 'unscheduled'> => f !== 'unscheduled');
            return (
              <tr key={entry.id}>
                <td>
                  {approvable(entry) && (
                    <input
                      type="checkbox"
                      className={styles.check}
                      aria-label={t('attendance.table.select', { name })}
                      checked={selected.has(entry.id)}
                      disabled={busy}
                      onChange={(event) => onSelect(entry.id, event.target.checked)}
                    />
                  )}
                </td>
                <th scope="row" className={styles.employee}>
                  <span>{entry.employeeName}</span>
                  {(entry.positionName || entry.locationName) && (
                    <span className={shared.muted}>
                      {[entry.positionName, entry.locationName].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </th>
                <td className={shared.nowrap}>{format.dayShort(datePart(entry.clockIn))}</td>
                <td className={shared.nowrap}>{format.clock(entry.clockIn)}</td>
                <td className={shared.nowrap}>{clockOut(entry)}</td>
                <td className={shared.num}>{format.duration(entry.breakMinutes)}</td>
                <td className={shared.num}>
                  {entry.workedMinutes === null ? '–' : format.duration(entry.workedMinutes)}
                </td>
                <td className={shared.nowrap}>
                  {entry.scheduled
                    ? t('attendance.table.shift', {
                        start: format.clock(entry.scheduled.start),
                        end: format.clock(entry.scheduled.end),
                      })
                    : t('attendance.table.unscheduled')}
                </td>
                <td>
                  {flags.length > 0 && (
                    <span className={shared.badges}>
                      {flags.map((flag) => (
                        <Badge key={flag} kind={FLAG_KINDS[flag]}>
                          {flagText(flag, entry)}
                        </Badge>
                      ))}
                    </span>
                  )}
                  {entry.reason && (
                    <span className={styles.reason}>{t('attendance.table.reason', { reason: entry.reason })}</span>
                  )}
                </td>
                <td>
                  {entry.status === 'approved' ? (
                    <Badge kind="on">
                      {entry.approvedBy
                        ? t('attendance.table.approvedBy', { name: entry.approvedBy })
                        : t('attendance.statuses.approved')}
                    </Badge>
                  ) : (
                    <Badge kind="warn">{t('attendance.statuses.pending')}</Badge>
                  )}
                </td>
                <td>
                  <span className={styles.actions}>
                    <Button
                      size="small"
                      icon={<Pencil size={14} aria-hidden="true" />}
                      aria-label={t('attendance.table.editNamed', { name })}
                      disabled={busy}
                      onClick={() => onEdit(entry)}
                    >
                      {t('attendance.table.edit')}
                    </Button>
                    {entry.status === 'pending' &&
                      (entry.clockOut === null ? (
                        <>
                          <Button
                            size="small"
                            icon={<Check size={14} aria-hidden="true" />}
                            aria-label={t('attendance.table.approveNamed', { name })}
                            aria-describedby={`${openNoteId}-${entry.id}`}
                            disabled
                          >
                            {t('attendance.table.approve')}
                          </Button>
                          <span id={`${openNoteId}-${entry.id}`} className={styles.why}>
                            {t('attendance.table.openCannotApprove')}
                          </span>
                        </>
                      ) : (
                        <Button
                          size="small"
                          variant="primary"
                          icon={<Check size={14} aria-hidden="true" />}
                          aria-label={t('attendance.table.approveNamed', { name })}
                          disabled={busy}
                          onClick={() => onApprove(entry)}
                        >
                          {t('attendance.table.approve')}
                        </Button>
                      ))}
                    {entry.source === 'manual' && (
                      <Button
                        size="small"
                        variant="ghost"
                        icon={<Trash2 size={14} aria-hidden="true" />}
                        aria-label={t('attendance.table.deleteNamed', { name })}
                        disabled={busy}
                        onClick={() => onDelete(entry)}
                      >
                        {t('common:common.delete')}
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
