import type { TeamSheet } from '@hive/shared/schemas/backoffice/scheduling';
import { API, useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useReportFormat } from '../../reports/frame';
import { PrintSheet, sheetQuery, useSheetParams } from '../shared/PrintSheet';
import styles from '../shared/print.module.css';

/** The day's team sheet: who works when, at one location, with room for handwritten times. */
function TeamSheetPage() {
  const { t } = useAreaT('labor');
  const { value } = useSheetParams();
  const { data, error } = useApi<TeamSheet>(`${API}/team/teamsheet`, sheetQuery(value, ['date', 'location']));
  const format = useReportFormat();
  return (
    <PrintSheet
      path="/teamsheet"
      locations={data?.locations ?? []}
      shown={data ? { date: data.date, locationId: data.locationId } : undefined}
      error={error}
    >
      {data && (
        <>
          <h1>{t('teamsheet.heading', { location: data.locationName })}</h1>
          <p className={styles.meta}>{format.weekday(data.date)}</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{t('teamsheet.caption', { count: data.rows.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('teamsheet.time')}</th>
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
                    <td className={styles.num}>{`${row.start}–${row.end}`}</td>
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
            </table>
          </div>
          {data.timeOff.length > 0 && (
            <section className={styles.note} aria-label={t('teamsheet.timeOff')}>
              <h2>{t('teamsheet.timeOff')}</h2>
              <ul>
                {data.timeOff.map((o) => (
                  <li key={o.employeeId}>{o.reason ? `${o.name}: ${o.reason}` : o.name}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </PrintSheet>
  );
}

export default withAreaTexts('labor', TeamSheetPage);
