import type { TeamSheet } from '@hive/shared/schemas/backoffice/scheduling';
import { useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useReportFormat } from '../../../frames/report';
import { PrintSheet, SheetTable, sheetStyles as styles, useSheetQuery } from '../labor-shared';
import { SCHEDULING_URL } from '../api';

/**
 * The team sheet (/teamsheet): one location's shifts of a day, with empty In, Out and Signature
 * columns for the times written by hand, and who is on time off.
 */
function TeamSheetPage() {
  const { t } = useAreaT('labor');
  const api = useApi<TeamSheet>(SCHEDULING_URL.teamSheet, useSheetQuery(['date', 'location']));
  const format = useReportFormat();

  return (
    <PrintSheet path="/teamsheet" api={api} caption={(data) => t('teamsheet.summary', { count: data.rows.length })}>
      {(data) => (
        <>
          <SheetTable caption={t('teamsheet.caption')} className={styles.handwritten}>
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('teamsheet.time')}
                </th>
                <th scope="col">{t('teamsheet.employee')}</th>
                <th scope="col">{t('teamsheet.position')}</th>
                <th scope="col" className={styles.num}>
                  {t('teamsheet.break')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('teamsheet.hours')}
                </th>
                <th scope="col">{t('teamsheet.phone')}</th>
                <th scope="col">{t('teamsheet.note')}</th>
                <th scope="col" className={styles.blank}>
                  {t('teamsheet.in')}
                </th>
                <th scope="col" className={styles.blank}>
                  {t('teamsheet.out')}
                </th>
                <th scope="col" className={styles.signature}>
                  {t('teamsheet.signature')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 && (
                <tr>
                  <td colSpan={10}>{t('teamsheet.none')}</td>
                </tr>
              )}
              {data.rows.map((row) => (
                <tr key={row.shiftId}>
                  <td className={styles.num}>
                    {t('teamsheet.range', { start: format.clock(row.start), end: format.clock(row.end) })}
                    {row.end <= row.start && <span className={styles.nextDay}>{t('teamsheet.nextDay')}</span>}
                  </td>
                  <th scope="row">{row.name}</th>
                  <td>
                    {row.color && (
                      <span className={styles.swatch} style={{ background: row.color }} aria-hidden="true" />
                    )}
                    {row.positionName ?? t('teamsheet.noPosition')}
                  </td>
                  <td className={styles.num}>{t('teamsheet.minutes', { count: row.breakMinutes })}</td>
                  <td className={styles.num}>{format.cell('hours', row.paidMinutes)}</td>
                  <td>{row.phone}</td>
                  <td>{row.note}</td>
                  <td />
                  <td />
                  <td />
                </tr>
              ))}
            </tbody>
            {data.rows.length > 0 && (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t('teamsheet.total')}
                  </th>
                  <td className={styles.num}>
                    {format.cell(
                      'hours',
                      data.rows.reduce((sum, row) => sum + row.paidMinutes, 0),
                    )}
                  </td>
                  <td colSpan={5} />
                </tr>
              </tfoot>
            )}
          </SheetTable>
          <section className={styles.section} aria-labelledby="teamsheet-time-off">
            <h3 id="teamsheet-time-off">{t('teamsheet.timeOff')}</h3>
            {data.timeOff.length === 0 ? (
              <p className={styles.muted}>{t('teamsheet.nobodyOff')}</p>
            ) : (
              <ul>
                {data.timeOff.map((off) => (
                  <li key={off.employeeId}>
                    {off.reason ? t('teamsheet.offWithReason', { name: off.name, reason: off.reason }) : off.name}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className={[styles.muted, styles.section].join(' ')}>{t('sheet.hoursNote')}</p>
        </>
      )}
    </PrintSheet>
  );
}

export default withAreaTexts('labor', TeamSheetPage);
