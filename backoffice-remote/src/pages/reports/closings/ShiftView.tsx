import type { ShiftDetail } from '@hive/shared/schemas/backoffice/reports';
import { useAreaT } from '../../../i18n';
import type { ReportFormat } from '../../../frames/report';
import styles from '../../../frames/report/frame.module.css';

/** A shift's Z report: its sales, payments and taxes, and the cash drawer from float to count. */
export function ShiftView({ shift, format }: { shift: ShiftDetail; format: ReportFormat }) {
  const { t } = useAreaT('reports');
  const row = (label: string, value: string, strong = false) => (
    <div className={styles.documentRow} key={label}>
      <span>{strong ? <strong>{label}</strong> : label}</span>
      <span>{strong ? <strong>{value}</strong> : value}</span>
    </div>
  );
  const f = shift.totals;
  const difference = shift.differenceCents;
  return (
    <article className={styles.document} aria-labelledby="z-title">
      <div className={styles.documentCenter}>
        <strong>{shift.business.name}</strong>
      </div>
      <h2 id="z-title" className={styles.tableTitle}>
        {t('closings.zTitle', { number: shift.number })}
      </h2>
      <dl className={styles.summary}>
        <div>
          <dt>{t('transactions.terminal')}</dt>
          <dd>{shift.terminal ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('frame.location')}</dt>
          <dd>{shift.location ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('closings.opened')}</dt>
          <dd>
            {format.stamp(shift.openedLocal)}
            {shift.openedBy && ` · ${shift.openedBy}`}
          </dd>
        </div>
        <div>
          <dt>{t('closings.closed')}</dt>
          <dd>
            {shift.closedLocal ? format.stamp(shift.closedLocal) : t('closings.stillOpen')}
            {shift.closedBy && ` · ${shift.closedBy}`}
          </dd>
        </div>
      </dl>
      <hr className={styles.documentRule} />
      <h3 className={styles.tableTitle}>{t('closings.sales')}</h3>
      {row(t('metrics.receipts'), format.integer(f.receipts))}
      {row(t('metrics.grossSales'), format.cents(f.grossSalesCents))}
      {row(t('metrics.discounts'), format.cents(-f.discountsCents))}
      {row(t('metrics.refunds'), format.cents(-f.refundsCents))}
      {row(t('metrics.netSales'), format.cents(f.netSalesCents), true)}
      {shift.taxes.map((tax) => row(format.tax(tax.name, tax.rateBp / 100), format.cents(tax.taxCents)))}
      {row(t('metrics.taxes'), format.cents(f.taxesCents))}
      {row(t('metrics.tips'), format.cents(f.tipsCents))}
      {row(t('metrics.totalCollected'), format.cents(f.totalCollectedCents), true)}
      <hr className={styles.documentRule} />
      <h3 className={styles.tableTitle}>{t('sales.byPayment')}</h3>
      {shift.payments.length === 0 && <p className={styles.note}>{t('frame.noSales')}</p>}
      {shift.payments.map((p) => row(p.name, format.cents(p.netCents)))}
      <hr className={styles.documentRule} />
      <h3 className={styles.tableTitle}>{t('closings.drawer')}</h3>
      {row(t('closings.float'), format.cents(shift.openingFloatCents))}
      {row(t('closings.cashSales'), format.cents(shift.cashSalesCents))}
      {row(t('closings.cashRefunds'), format.cents(-shift.cashRefundsCents))}
      {row(t('closings.payIns'), format.cents(shift.payInsCents))}
      {row(t('closings.payOuts'), format.cents(-shift.payOutsCents))}
      {row(t('closings.expected'), format.cents(shift.expectedCashCents), true)}
      {shift.countedCashCents !== null && row(t('closings.counted'), format.cents(shift.countedCashCents), true)}
      {difference !== null && (
        <div className={styles.documentRow}>
          <span>
            <strong>{t('closings.difference')}</strong>
          </span>
          <span className={difference < 0 ? styles.bad : difference > 0 ? styles.good : undefined}>
            <strong>
              {format.cents(difference)}
              {difference !== 0 && ` ${t(difference < 0 ? 'closings.short' : 'closings.over')}`}
            </strong>
          </span>
        </div>
      )}
      {shift.movements.length > 0 && (
        <>
          <hr className={styles.documentRule} />
          <h3 className={styles.tableTitle}>{t('closings.movements')}</h3>
          <ul>
            {shift.movements.map((m, i) => (
              <li key={i}>
                {format.stamp(m.localTime)} · {t(`cash.kinds.${m.kind}`)} · {format.cents(m.amountCents)} · {m.reason}
                {m.employee && ` · ${m.employee}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {shift.note && <p className={styles.note}>{shift.note}</p>}
    </article>
  );
}
