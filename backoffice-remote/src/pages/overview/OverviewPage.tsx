import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import {
  OVERVIEW_PERIODS,
  type KpiValue,
  type Overview,
  type OverviewKpis,
  type OverviewPeriod,
  type OverviewVersion,
} from '@hive/shared/schemas/backoffice';
import { LIVE_POLL_MS } from '@hive/shared/schemas/backoffice/devices';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import { Alert, Button, EmptyState, PageFrame } from '@hive/shared/ui';
import { useApi, useLiveApi } from '../../api';
import { LiveIndicator } from '../../components';
import { DOCUMENT_TITLE_SUFFIX, useFormat, usePageMeta, useT } from '../../i18n';
import { useFailureMessage } from '../../frames/resource';
import { FirstSteps } from './FirstSteps';
import { OVERVIEW_URL } from './api';
import styles from './overview.module.css';

// recharts is heavy: only this page downloads it, and only once the figures are there.
const SalesChart = lazy(() => import('./SalesChart'));

type Format = ReturnType<typeof useFormat>;

/** The overview's periods are the reports' presets of the same days (cut in the business's zone). */
const PRESET_OF: Record<OverviewPeriod, string> = { today: 'today', '7d': 'last_7_days', '30d': 'last_30_days' };

/**
 * The receipts tile counts sales and the average divides their amount by them: both open the sales
 * alone (the list's figure and count give the average); the refunds tile opens the refunds.
 */
const KIND_OF: Partial<Record<keyof OverviewKpis, 'sale' | 'refund'>> = {
  receipts: 'sale',
  averageTicket: 'sale',
  refunds: 'refund',
};

const KPIS: { key: keyof OverviewKpis; kind: 'money' | 'count'; /** A rise is bad news. */ inverse?: boolean }[] = [
  { key: 'netSales', kind: 'money' },
  { key: 'receipts', kind: 'count' },
  { key: 'averageTicket', kind: 'money' },
  { key: 'refunds', kind: 'money', inverse: true },
];

function Change({ kpi, inverse, format }: { kpi: KpiValue; inverse?: boolean; format: Format }) {
  const { t } = useT();
  if (kpi.change === null) return <span className={styles.changeNone}>{t('overview.noPrevious')}</span>;
  const up = kpi.change > 0.0005;
  const down = kpi.change < -0.0005;
  const good = inverse ? down : up;
  const bad = inverse ? up : down;
  const Icon = up ? ArrowUpRight : down ? ArrowDownRight : Minus;
  const text = up
    ? t('overview.changeUp', { value: format.percent(Math.abs(kpi.change)) })
    : down
      ? t('overview.changeDown', { value: format.percent(Math.abs(kpi.change)) })
      : t('overview.changeFlat');
  return (
    <span className={[styles.change, good && styles.good, bad && styles.bad].filter(Boolean).join(' ')}>
      <Icon size={16} aria-hidden="true" />
      {text}
    </span>
  );
}

function KpiTiles({ kpis, format, period }: { kpis: OverviewKpis; format: Format; period: OverviewPeriod }) {
  const { t } = useT();
  return (
    <ul className={styles.tiles} aria-label={t('overview.kpis')}>
      {KPIS.map(({ key, kind, inverse }) => {
        const kpi = kpis[key];
        const value = kind === 'money' ? format.money(kpi.value) : format.integer(kpi.value);
        const opens = t('overview.openReceipts', { period: t(`overview.periods.${period}`) });
        return (
          <li key={key} className={styles.tile}>
            <span className={styles.tileLabel}>{t(`overview.kpi.${key}`)}</span>
            {/* A figure of receipts opens them: the transactions list of the same days. */}
            <strong className={styles.tileValue}>
              <Link
                to={`/transaction?period=${PRESET_OF[period]}${KIND_OF[key] ? `&kind=${KIND_OF[key]}` : ''}`}
                aria-label={`${value}, ${opens}`}
                title={opens}
                className={styles.tileLink}
              >
                {value}
              </Link>
            </strong>
            <Change kpi={kpi} inverse={inverse} format={format} />
            <span className={styles.previous}>
              {t('overview.previous', {
                value: kind === 'money' ? format.money(kpi.previous) : format.integer(kpi.previous),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function TopItems({ items, format }: { items: Overview['topItems']; format: Format }) {
  const { t } = useT();
  if (items.length === 0) return <EmptyState plain level={3} title={t('overview.noSales')} />;
  return (
    <table className={styles.topTable}>
      <caption className={styles.srOnly}>{t('overview.topItems')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('overview.rank')}</th>
          <th scope="col">{t('overview.item')}</th>
          <th scope="col" className={styles.num}>
            {t('overview.quantity')}
          </th>
          <th scope="col" className={styles.num}>
            {t('overview.revenue')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={item.name}>
            <td>{index + 1}</td>
            <td>{item.name}</td>
            <td className={styles.num}>{format.integer(item.quantity)}</td>
            <td className={styles.num}>{format.money(item.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const LIVE_TOPICS_OF_OVERVIEW = { topics: LIVE_PAGE_TOPICS['/overview'] };

export default function OverviewPage() {
  const { t } = useT();
  const failure = useFailureMessage();
  const { title, breadcrumb } = usePageMeta('/overview');
  const [period, setPeriod] = useState<OverviewPeriod>('today');
  // Days are the business's (Settings › General information), as in the reports: no browser offset.
  const overview = useApi<Overview>(OVERVIEW_URL.overview);
  // Live while the registers sell: the version again when a receipt is announced on the stream
  // (polled without it), and the figures again once it moved.
  const live = useLiveApi<OverviewVersion>(OVERVIEW_URL.version, LIVE_POLL_MS, undefined, LIVE_TOPICS_OF_OVERVIEW);
  const latest = live.data?.version;
  const shown = overview.data?.version;
  const { loading, reload } = overview;
  useEffect(() => {
    if (latest !== undefined && shown !== undefined && Number(latest) > Number(shown) && !loading) reload();
    // live.updatedAt: a figure shared from just before the last receipt is asked for again.
  }, [latest, shown, loading, reload, live.updatedAt]);
  const format = useFormat(overview.data?.currency);

  let body;
  if (overview.error && !overview.data) {
    body = (
      <Alert kind="error" action={<Button onClick={overview.reload}>{t('common.tryAgain')}</Button>}>
        {failure(overview.error)}
      </Alert>
    );
  } else if (!overview.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else {
    const data = overview.data;
    body = (
      <>
        <div className={styles.periods} role="group" aria-label={t('overview.period')}>
          {OVERVIEW_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={styles.periodButton}
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {t(`overview.periods.${p}`)}
            </button>
          ))}
        </div>
        <KpiTiles kpis={data.periods[period]} format={format} period={period} />
        <div className={styles.panels}>
          <section className={styles.panel} aria-labelledby="overview-chart">
            <h2 id="overview-chart" className={styles.panelTitle}>
              {t('overview.salesPerDay')}
            </h2>
            <Suspense fallback={<div className={styles.chartPlaceholder}>{t('common.loading')}</div>}>
              <SalesChart
                data={data.salesPerDay}
                format={format}
                labels={{
                  netSales: t('overview.kpi.netSales'),
                  receipts: t('overview.kpi.receipts'),
                  date: t('overview.date'),
                  openDay: (day) => t('overview.openDay', { day }),
                }}
                dayHref={(date) => `/transaction?period=custom&from=${date}&to=${date}`}
              />
            </Suspense>
          </section>
          <section className={styles.panel} aria-labelledby="overview-top">
            <h2 id="overview-top" className={styles.panelTitle}>
              {t('overview.topItems')}
            </h2>
            <TopItems items={data.topItems} format={format} />
          </section>
        </div>
      </>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      actions={<LiveIndicator />}
    >
      {/* A new company's set-up, above its (still empty) figures. */}
      <FirstSteps />
      {body}
    </PageFrame>
  );
}
