import { TIP_POOL_RULES, type TipOutSheet, type TipPoolRule } from '@hive/shared/schemas/backoffice/scheduling';
import { SelectField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { useReportFormat } from '../../../frames/report';
import { PrintSheet, SheetTable, sheetStyles as styles, useSheetParams, useSheetQuery } from '../labor-shared';
import { SCHEDULING_URL } from '../api';

const isRule = (value: string): value is TipPoolRule => (TIP_POOL_RULES as readonly string[]).includes(value);

/**
 * The daily tip-out form (/dailytipoutform): one location's tips of a day, pooled by the rule
 * chosen, with what each person gives or receives and a place to sign.
 */
function TipOutPage() {
  const { t } = useAreaT('labor');
  const { value, update } = useSheetParams();
  const api = useApi<TipOutSheet>(SCHEDULING_URL.tipOut, useSheetQuery(['date', 'location', 'rule']));
  const format = useReportFormat(api.data?.currency);
  const money = (cents: number) => format.cents(cents);
  const hours = (minutes: number) => format.cell('hours', minutes);
  // The rule asked for (the select follows the URL at once); else what the server used.
  const asked = value('rule');
  const chosen: TipPoolRule = isRule(asked) ? asked : (api.data?.rule ?? 'hours');

  return (
    <PrintSheet
      path="/dailytipoutform"
      api={api}
      extraControls={
        <SelectField
          label={t('tipout.rule')}
          className={styles.control}
          value={chosen}
          onChange={(e) => update({ rule: e.target.value === 'hours' ? '' : e.target.value })}
          options={TIP_POOL_RULES.map((r) => ({ value: r, label: t(`tipout.rules.${r}`) }))}
        />
      }
      caption={(data) => t(`tipout.summary.${data.rule}`, { amount: money(data.poolCents) })}
    >
      {(data) => {
        const sum = (pick: (row: TipOutSheet['rows'][number]) => number) =>
          data.rows.reduce((total, row) => total + pick(row), 0);
        const gives = (cents: number) => (cents < 0 ? money(-cents) : '');
        const receives = (cents: number) => (cents > 0 ? money(cents) : '');
        return (
          <>
            <SheetTable caption={t('tipout.caption')} className={styles.handwritten}>
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
                    {t('tipout.gives')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('tipout.receives')}
                  </th>
                  <th scope="col" className={styles.signature}>
                    {t('tipout.signature')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={8}>{t('tipout.none')}</td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.employeeId}>
                    <th scope="row">{row.name}</th>
                    <td>{row.positionName ?? t('tipout.noPosition')}</td>
                    <td className={styles.num}>{hours(row.workedMinutes)}</td>
                    <td className={styles.num}>{money(row.ownTipsCents)}</td>
                    <td className={styles.num}>{money(row.shareCents)}</td>
                    <td className={styles.num}>{gives(row.differenceCents)}</td>
                    <td className={styles.num}>{receives(row.differenceCents)}</td>
                    <td />
                  </tr>
                ))}
              </tbody>
              {data.rows.length > 0 && (
                <tfoot>
                  <tr>
                    <th scope="row">{t('tipout.total')}</th>
                    <td />
                    <td className={styles.num}>{hours(sum((r) => r.workedMinutes))}</td>
                    <td className={styles.num}>{money(sum((r) => r.ownTipsCents))}</td>
                    <td className={styles.num}>{money(sum((r) => r.shareCents))}</td>
                    <td className={styles.num}>{money(sum((r) => Math.max(0, -r.differenceCents)))}</td>
                    <td className={styles.num}>{money(sum((r) => Math.max(0, r.differenceCents)))}</td>
                    <td />
                  </tr>
                </tfoot>
              )}
            </SheetTable>
            <ul className={styles.notes}>
              {data.unassignedTipsCents > 0 && (
                <li>
                  {t(data.rule === 'own' ? 'tipout.unassignedKept' : 'tipout.unassignedPooled', {
                    amount: money(data.unassignedTipsCents),
                  })}
                </li>
              )}
              {data.undistributedCents > 0 && data.rule !== 'own' && (
                <li>{t('tipout.nobodyWorked', { amount: money(data.undistributedCents) })}</li>
              )}
              <li className={styles.muted}>{t('sheet.hoursNote')}</li>
            </ul>
            <div className={styles.signOff}>
              <div>{t('tipout.checkedBy')}</div>
              <div>{t('tipout.managerSignature')}</div>
            </div>
          </>
        );
      }}
    </PrintSheet>
  );
}

export default withAreaTexts('labor', TipOutPage);
