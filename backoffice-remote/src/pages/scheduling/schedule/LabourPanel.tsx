import { useId } from 'react';
import { SALES_BASES, type SalesBasis, type ScheduleWeek } from '@hive/shared/schemas/backoffice/scheduling';
import { SelectField } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { schedulingStyles as shared, type SchedulingFormat } from '../shared';
import styles from './schedule.module.css';

/** Projected labour: the week's planned hours and cost against the chosen basis' net sales. */
export function LabourPanel({
  week,
  format,
  onBasis,
}: {
  week: ScheduleWeek;
  format: SchedulingFormat;
  onBasis: (basis: SalesBasis) => void;
}) {
  const { t } = useAreaT('scheduling');
  const headingId = useId();
  const { labour } = week;
  return (
    <section className={shared.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.heading}>
        {t('schedule.labour.title')}
      </h2>
      <SelectField
        label={t('schedule.labour.basis')}
        value={labour.basis}
        onChange={(event) => onBasis(event.target.value as SalesBasis)}
        options={SALES_BASES.map((b) => ({ value: b, label: t(`schedule.labour.bases.${b}`) }))}
      />
      <dl className={styles.figures}>
        <div>
          <dt>{t('schedule.labour.hours')}</dt>
          <dd>{format.duration(labour.paidMinutes)}</dd>
        </div>
        <div>
          <dt>{t('schedule.labour.cost')}</dt>
          <dd>{format.cents(labour.costCents)}</dd>
        </div>
        <div>
          <dt>{t(`schedule.labour.sales.${labour.basis}`)}</dt>
          <dd>{format.cents(labour.salesCents)}</dd>
        </div>
        <div>
          <dt>{t('schedule.labour.percent')}</dt>
          <dd>
            {labour.labourPercentBp === null ? t('schedule.labour.noSales') : format.percentBp(labour.labourPercentBp)}
          </dd>
        </div>
      </dl>
      <p className={shared.muted}>{t('schedule.labour.note')}</p>
    </section>
  );
}
