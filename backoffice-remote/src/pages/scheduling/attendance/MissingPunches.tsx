import { useId } from 'react';
import { Plus } from 'lucide-react';
import type { MissingPunch } from '@hive/shared/schemas/backoffice/scheduling';
import { Button } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { schedulingStyles as shared, type SchedulingFormat } from '../shared';
import styles from './attendance.module.css';

/** Scheduled shifts that started with no clock-in: a no-show or a forgotten punch (add the entry). */
export function MissingPunches({
  missing,
  format,
  onAdd,
}: {
  missing: MissingPunch[];
  format: SchedulingFormat;
  onAdd: (punch: MissingPunch) => void;
}) {
  const { t } = useAreaT('scheduling');
  const headingId = useId();
  const captionId = useId();
  return (
    <section className={shared.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.heading}>
        {t('attendance.missing.title', { count: missing.length })}
      </h2>
      <p className={shared.muted}>{t('attendance.missing.hint')}</p>
      {missing.length === 0 ? (
        <p className={shared.muted}>{t('attendance.missing.none')}</p>
      ) : (
        <div className={shared.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={`${shared.table} ${styles.missing}`}>
            <caption id={captionId} className={shared.srOnly}>
              {t('attendance.missing.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('attendance.table.employee')}</th>
                <th scope="col">{t('attendance.missing.location')}</th>
                <th scope="col">{t('attendance.table.date')}</th>
                <th scope="col">{t('attendance.table.scheduled')}</th>
                <th scope="col">
                  <span className={shared.srOnly}>{t('common:common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {missing.map((punch) => (
                <tr key={punch.shiftId}>
                  <th scope="row">{punch.employeeName}</th>
                  <td>{punch.locationName}</td>
                  <td className={shared.nowrap}>{format.dayShort(punch.date)}</td>
                  <td className={shared.nowrap}>
                    {t('attendance.table.shift', { start: format.clock(punch.start), end: format.clock(punch.end) })}
                  </td>
                  <td>
                    <Button
                      size="small"
                      icon={<Plus size={14} aria-hidden="true" />}
                      aria-label={t('attendance.missing.addNamed', {
                        name: punch.employeeName,
                        day: format.dayShort(punch.date),
                      })}
                      onClick={() => onAdd(punch)}
                    >
                      {t('attendance.missing.add')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
