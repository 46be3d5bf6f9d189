import { TIP_POOL_RULES, type TipOutSheet, type TipPoolRule } from '@hive/shared/schemas/backoffice/scheduling';
import { SelectField } from '@hive/shared/ui';
import { API, useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useReportFormat } from '../../reports/frame';
import { PrintSheet, sheetQuery, useSheetParams } from '../shared/PrintSheet';
import styles from '../shared/print.module.css';

/** The day's tips at one location, pooled by the rule chosen, with what each person gives or receives. */
function TipOutPage() {
  const { t } = useAreaT('labor');
  const { value, update } = useSheetParams();
  const { data, error } = useApi<TipOutSheet>(
    `${API}/team/reports/tipout`,
    sheetQuery(value, ['date', 'location', 'rule']),
  );
  const format = useReportFormat(data?.currency);
  const rule: TipPoolRule = data?.rule ?? ((value('rule') || 'hours') as TipPoolRule);
  const money = (cents: number) => format.cents(cents);
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  const totalMinutes = data?.rows.reduce((sum, r) => sum + r.workedMinutes, 0) ?? 0;
  const totalOwn = data?.rows.reduce((sum, r) => sum + r.ownTipsCents, 0) ?? 0;
  const totalShare = data?.rows.reduce((sum, r) => sum + r.shareCents, 0) ?? 0;
  return (
    <PrintSheet
      path="/dailytipoutform"
      locations={data?.locations ?? []}
      shown={data ? { date: data.date, locationId: data.locationId } : undefined}
      error={error}
      extraControls={
        <SelectField
          label={t('tipout.rule')}
          className={styles.control}
          value={rule}
          onChange={(e) => update('rule', e.target.value === 'hours' ? '' : e.target.value)}
          options={TIP_POOL_RULES.map((r) => ({ value: r, label: t(`tipout.rules.${r}`) }))}
        />
      }
    >
      {data && (
        <>
          <h1>{t('tipout.heading', { location: data.locationName })}</h1>
          <p className={styles.meta}>
            {format.weekday(data.date)} · {t('tipout.pool', { amount: money(data.poolCents) })}
          </p>
          <p>{t(`tipout.explain.${rule}`)}</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{t('tipout.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tipout.employee')}</th>
                  <th scope="col">{t('tipout.position')}</th>
                  <th scope="col" className={styles.num}>
                    {t('tipout.hours')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('tipout.own')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('tipout.share')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('tipout.difference')}
                  </th>
                  <th scope="col" className={styles.signature}>
                    {t('tipout.signature')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={7}>{t('tipout.none')}</td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.employeeId}>
                    <th scope="row">{row.name}</th>
                    <td>{row.positionName ?? ''}</td>
                    <td className={styles.num}>{format.cell('hours', row.workedMinutes)}</td>
                    <td className={styles.num}>{money(row.ownTipsCents)}</td>
                    <td className={styles.num}>{money(row.shareCents)}</td>
                    <td className={styles.num}>
                      {row.differenceCents === 0
                        ? money(0)
                        : t(row.differenceCents > 0 ? 'tipout.receives' : 'tipout.gives', {
                            amount: signed(row.differenceCents),
                          })}
                    </td>
                    <td />
                  </tr>
                ))}
              </tbody>
              {data.rows.length > 0 && (
                <tfoot>
                  <tr>
                    <th scope="row">{t('tipout.total')}</th>
                    <td />
                    <td className={styles.num}>{format.cell('hours', totalMinutes)}</td>
                    <td className={styles.num}>{money(totalOwn)}</td>
                    <td className={styles.num}>{money(totalShare)}</td>
                    <td />
                    <td />
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          {data.unassignedTipsCents > 0 && (
            <p className={styles.note}>{t('tipout.unassigned', { amount: money(data.unassignedTipsCents) })}</p>
          )}
          {data.undistributedCents > 0 && (
            <p className={styles.note}>{t('tipout.undistributed', { amount: money(data.undistributedCents) })}</p>
          )}
        </>
      )}
    </PrintSheet>
  );
}

export default withAreaTexts('labor', TipOutPage);
