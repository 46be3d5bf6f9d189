import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components';
import { METRICS, formatFigure, metricValue, type Metric } from './format';
import { Sparkline, type SparkSeries } from './Sparkline';
import type { ReleaseHealthJson } from './types';
import styles from './releases.module.css';

function seriesOf(health: ReleaseHealthJson | null, metric: Metric, tone: SparkSeries['tone']): SparkSeries[] {
  if (!health) return [];
  const points = health.series
    .map((point) => ({ at: Date.parse(point.at), value: metricValue(point, metric) }))
    .filter((point) => Number.isFinite(point.at))
    .sort((a, b) => a.at - b.at);
  return [{ tone, points }];
}

/**
 * The active release's and the canary's figures side by side, over the same window (since the
 * canary started, or the last 24 hours without one), each metric with its trend.
 */
export function HealthPanel({
  remoteLabel,
  active,
  canary,
  hasCanary,
}: {
  remoteLabel: string;
  active: ReleaseHealthJson | null;
  canary: ReleaseHealthJson | null;
  hasCanary: boolean;
}) {
  const { t, i18n } = useTranslation('login');
  const lng = i18n.language;
  const span = (active ?? canary)?.window;
  if (!active && !canary) return <p className={styles.muted}>{t('releases.health.none')}</p>;

  return (
    <>
      {span && (
        <p className={styles.muted}>
          {t('releases.health.window', { from: formatDateTime(span.from, lng), to: formatDateTime(span.to, lng) })}
          {hasCanary && ` ${t('releases.health.legend')}`}
        </p>
      )}
      <ul className={styles.metrics} aria-label={t('releases.health.listLabel', { remote: remoteLabel })}>
        {METRICS.map((metric) => {
          const name = t(`releases.health.metric.${metric}`);
          return (
            <li key={metric} className={styles.metric}>
              <h4 className={styles.metricName}>{name}</h4>
              <dl className={styles.metricFigures}>
                <div>
                  <dt>{t('releases.health.active')}</dt>
                  <dd>{active ? formatFigure(metric, active[metric], lng) : '—'}</dd>
                </div>
                {hasCanary && (
                  <div>
                    <dt>{t('releases.health.canary')}</dt>
                    <dd>{canary ? formatFigure(metric, canary[metric], lng) : '—'}</dd>
                  </div>
                )}
              </dl>
              <Sparkline
                label={t('releases.health.chart', { metric: name })}
                noData={t('releases.health.noSeries')}
                series={[
                  ...seriesOf(active, metric, 'active'),
                  ...(hasCanary ? seriesOf(canary, metric, 'canary') : []),
                ]}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
