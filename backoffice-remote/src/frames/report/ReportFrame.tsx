import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePrintView } from './usePrintView';
import { reportHref } from './reportHref';
import { Download, Printer } from 'lucide-react';
import { useHttp } from '@hive/shared/shell-contract';
import {
  PERIOD_PRESETS,
  REPORT_METRICS,
  type Grouping,
  type PeriodPreset,
  type ReportMeta,
} from '@hive/shared/schemas/backoffice/reports';
import { LIVE_POLL_MS } from '@hive/shared/schemas/backoffice/devices';
import type { LiveTopic } from '@hive/shared/schemas/live';
import { Alert, Button, CheckboxField, PageFrame, SelectField, TextField, useToast } from '@hive/shared/ui';
import { API, apiErrorBody, csvDelimiter, httpStatus, useApi, useLiveRefresh } from '../../api';
import { LiveIndicator } from '../../components';
import { DOCUMENT_TITLE_SUFFIX, TimeZoneNote, useAreaT, usePageMeta } from '../../i18n';
import { useFailureMessage } from '../resource';
import { useReportFormat, type ReportFormat } from './format';
import { saveCsv, tablesToCsv, type ReportTableSpec } from './table';
import { useReportParams, type ParamPatch } from './useReportParams';
import { usePeriodPicker, withCurrent } from './usePeriodPicker';
import styles from './frame.module.css';

export interface FrameContext<D> {
  data: D;
  format: ReportFormat;
  /** The print view: no controls, every section open. */
  print: boolean;
  values: Record<string, string>;
  update: (patch: ParamPatch, options?: { replace?: boolean }) => void;
  /** The current URL's query, to build links that keep the filters. */
  search: string;
}

export interface ReportFrameProps<D extends ReportMeta> {
  /** The menu path, e.g. '/salesperday'. */
  path: string;
  /** Under /api/backoffice, e.g. 'reports/sales_per_day'. */
  endpoint: string;
  /** The period the server reads when the URL names none (shown selected). */
  defaultPeriod: Exclude<PeriodPreset, 'custom'>;
  /** The report's groupings, the default first; none: no "Group by". */
  groupings?: readonly Grouping[];
  employeeFilter?: boolean;
  /** Offer "Compare with the previous period" (reports whose figures have a previous period). */
  compare?: boolean;
  /** The definitions of the sales figures under the report (reports built on them). */
  definitions?: boolean;
  /** The report's own filters, after the frame's. */
  filters?: (ctx: {
    data: D | undefined;
    values: Record<string, string>;
    update: FrameContext<D>['update'];
  }) => ReactNode;
  /** The tables on screen: the CSV export writes them. */
  tables: (data: D, format: ReportFormat) => ReportTableSpec[];
  /** A list report: the export asks for every row (all=1), not just the page on screen. */
  exportAll?: boolean;
  /** Instead of the report (a receipt, a Z report): rendered with the frame's title. */
  detail?: ReactNode;
  /**
   * A live report (the transactions list): refetched silently when the stream announces one of
   * `topics` (polled while it is down), while `when(values)` holds, e.g. on the first page only.
   * The filters, the page and the scroll stay: the rows are replaced in place.
   */
  live?: { topics: readonly LiveTopic[]; when?: (values: Record<string, string>) => boolean };
  children: (ctx: FrameContext<D>) => ReactNode;
}

/** Known reasons of a 400, in the user's language (else the server's English sentence). */
const REASONS: Record<string, string> = {
  'must be on or after from': 'toBeforeFrom',
  'the period must be at most 5 years long': 'tooLong',
  'must be a date as YYYY-MM-DD': 'badDate',
  'no such location': 'unknownLocation',
  'no such employee': 'unknownEmployee',
  'hour grouping needs a period of at most 31 days': 'hoursTooLong',
};

/**
 * The frame every report shares: title and breadcrumb, the period (presets or a custom range), the
 * location and employee filters, comparison with the previous period, grouping, CSV export of the
 * tables on screen, the print view (`<path>/print`, without the back-office around it) and the
 * definitions of the figures. Every filter lives in the URL.
 */
export function ReportFrame<D extends ReportMeta>(props: ReportFrameProps<D>) {
  const {
    path,
    endpoint,
    defaultPeriod,
    groupings,
    employeeFilter = true,
    compare = true,
    definitions = true,
    filters,
    tables,
    exportAll,
  } = props;
  const { t, i18n } = useAreaT('reports');
  const http = useHttp();
  const toast = useToast();
  const failure = useFailureMessage();
  const { title, breadcrumb } = usePageMeta(path);
  const print = usePrintView(path);
  const { values, query, update, reset, search } = useReportParams();
  const report = useApi<D>(props.detail ? null : `${API}/${endpoint}`, query);
  const liveOn = !!props.live && !props.detail && !print && (props.live.when?.(values) ?? true);
  useLiveRefresh(props.live?.topics ?? null, report.refresh, LIVE_POLL_MS, liveOn);
  const data = report.data;
  const format = useReportFormat(data?.currency, data?.timezone);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const full = exportAll
        ? (await http.get<D>(`${API}/${endpoint}`, { params: { ...query, all: '1' } })).data
        : data;
      const name = `${path.slice(1)}-${data.period.from}-${data.period.to}.csv`;
      saveCsv(name, tablesToCsv(tables(full, format), csvDelimiter(i18n.language) === 'semicolon' ? ';' : ','));
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setExporting(false);
    }
  };

  const link = (to: string) => reportHref(to, search);
  const actions = print ? (
    <div className={styles.actions}>
      <Link className={styles.linkButton} to={link(path)}>
        {t('frame.backToReport')}
      </Link>
      <Button variant="primary" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
        {t('frame.print')}
      </Button>
    </div>
  ) : props.detail ? undefined : (
    <div className={styles.actions}>
      {props.live && <LiveIndicator />}
      <Button
        icon={<Download size={16} aria-hidden="true" />}
        disabled={!data || exporting}
        onClick={() => void exportCsv()}
      >
        {t('frame.exportCsv')}
      </Button>
      <Link className={styles.linkButton} to={link(`${path}/print`)}>
        <Printer size={16} aria-hidden="true" />
        {t('frame.printView')}
      </Link>
    </div>
  );

  let body: ReactNode;
  if (props.detail) {
    body = props.detail;
  } else if (report.error && httpStatus(report.error) === 400) {
    const problem = apiErrorBody(report.error);
    const reasons = Object.entries(problem?.fields ?? {}).map(
      ([field, message]) =>
        t(`frame.fields.${field}`, { defaultValue: field }) +
        ': ' +
        (REASONS[message] ? t(`frame.reasons.${REASONS[message]}`) : message),
    );
    body = (
      <Alert kind="error" action={<Button onClick={reset}>{t('frame.resetFilters')}</Button>}>
        {t('frame.badFilters')} {reasons.join('; ')}
      </Alert>
    );
  } else if (report.error && !data) {
    body = (
      <Alert kind="error" action={<Button onClick={report.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(report.error)}
      </Alert>
    );
  } else if (!data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = (
      <div
        className={[styles.body, report.loading && styles.refreshing].filter(Boolean).join(' ')}
        // Dimmed figures are the previous filters' until the answer comes: say so to assistive tech.
        aria-busy={report.loading || undefined}
      >
        {props.children({ data, format, print, values, update, search })}
      </div>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={print ? [] : breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      actions={actions}
    >
      <div className={print ? styles.printFrame : styles.frame}>
        {!props.detail &&
          (print ? (
            <FilterSummary data={data} values={values} format={format} />
          ) : (
            <div className={styles.filters} role="group" aria-label={t('frame.filters')}>
              <PeriodPicker data={data} values={values} update={update} defaultPeriod={defaultPeriod} />
              <SelectField
                label={t('frame.location')}
                className={styles.filter}
                value={values.location ?? ''}
                onChange={(e) => update({ location: e.target.value || null })}
                placeholder={t('frame.allLocations')}
                options={withCurrent(
                  (data?.filters.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
                  values.location,
                )}
              />
              {employeeFilter && (
                <SelectField
                  label={t('frame.employee')}
                  className={styles.filter}
                  value={values.employee ?? ''}
                  onChange={(e) => update({ employee: e.target.value || null })}
                  placeholder={t('frame.allEmployees')}
                  options={withCurrent(
                    (data?.filters.employees ?? []).map((e) => ({ value: String(e.id), label: e.name })),
                    values.employee,
                  )}
                />
              )}
              {groupings && groupings.length > 0 && (
                <SelectField
                  label={t('frame.groupBy')}
                  className={styles.filter}
                  value={values.group ?? groupings[0]}
                  onChange={(e) => update({ group: e.target.value === groupings[0] ? null : e.target.value })}
                  options={groupings.map((g) => ({ value: g, label: t(`frame.groupings.${g}`) }))}
                />
              )}
              {filters?.({ data, values, update })}
              {compare && (
                <CheckboxField
                  label={t('frame.compare')}
                  className={styles.compare}
                  checked={values.compare === '1'}
                  onChange={(e) => update({ compare: e.target.checked ? '1' : null })}
                />
              )}
              <PeriodRange data={data} format={format} />
            </div>
          ))}
        {body}
        {!props.detail && definitions && <Definitions open={print} />}
      </div>
    </PageFrame>
  );
}

function PeriodPicker({
  data,
  values,
  update,
  defaultPeriod,
}: {
  data: ReportMeta | undefined;
  values: Record<string, string>;
  update: FrameContext<ReportMeta>['update'];
  defaultPeriod: PeriodPreset;
}) {
  const { t } = useAreaT('reports');
  const { custom, preset, from, to, setDates, choosePreset } = usePeriodPicker({ data, values, update, defaultPeriod });
  return (
    <>
      <SelectField
        label={t('frame.period')}
        className={styles.filter}
        value={preset}
        aria-describedby={RANGE_ID}
        onChange={(e) => choosePreset(e.target.value as PeriodPreset)}
        options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`frame.presets.${p}`) }))}
      />
      {custom && (
        <>
          <TextField
            type="date"
            label={t('frame.from')}
            className={styles.filter}
            value={from}
            max={to || undefined}
            onChange={(e) => setDates(e.target.value, to)}
          />
          <TextField
            type="date"
            label={t('frame.to')}
            className={styles.filter}
            value={to}
            min={from || undefined}
            onChange={(e) => setDates(from, e.target.value)}
          />
        </>
      )}
    </>
  );
}

const RANGE_ID = 'report-period-range';

/** The dates the period covers (and the previous period's when comparing), under the filters. */
function PeriodRange({ data, format }: { data: ReportMeta | undefined; format: ReportFormat }) {
  return (
    <>
      <PeriodDates data={data} format={format} />
      {/* Which zone the days are cut in and the times are shown in: the location's, else the business's. */}
      {data && <TimeZoneNote timeZone={data.timezone} className={styles.range} />}
    </>
  );
}

function PeriodDates({ data, format }: { data: ReportMeta | undefined; format: ReportFormat }) {
  const { t } = useAreaT('reports');
  return (
    <p id={RANGE_ID} className={styles.range}>
      {data && t('frame.range', { from: format.date(data.period.from), to: format.date(data.period.to) })}
      {data?.previous && (
        <span className={styles.previous}>
          {' '}
          {t('frame.comparedWith', { from: format.date(data.previous.from), to: format.date(data.previous.to) })}
        </span>
      )}
    </p>
  );
}

/** The print view's account of the filters (the controls are not printed). */
function FilterSummary({
  data,
  values,
  format,
}: {
  data: ReportMeta | undefined;
  values: Record<string, string>;
  format: ReportFormat;
}) {
  const { t } = useAreaT('reports');
  if (!data) return null;
  const location = data.filters.locations.find((l) => String(l.id) === values.location)?.name;
  const employee = data.filters.employees.find((e) => String(e.id) === values.employee)?.name;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('frame.period')}</dt>
        <dd>{t('frame.range', { from: format.date(data.period.from), to: format.date(data.period.to) })}</dd>
      </div>
      {data.previous && (
        <div>
          <dt>{t('frame.previousPeriod')}</dt>
          <dd>{t('frame.range', { from: format.date(data.previous.from), to: format.date(data.previous.to) })}</dd>
        </div>
      )}
      <div>
        <dt>{t('frame.location')}</dt>
        <dd>{location ?? t('frame.allLocations')}</dd>
      </div>
      <div>
        <dt>{t('frame.employee')}</dt>
        <dd>{employee ?? t('frame.allEmployees')}</dd>
      </div>
      {data.group && (
        <div>
          <dt>{t('frame.groupBy')}</dt>
          <dd>{t(`frame.groupings.${data.group}`)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The definitions of the figures, stated once for every report. */
export function Definitions({ open }: { open: boolean }) {
  const { t } = useAreaT('reports');
  const list = (
    <dl className={styles.definitions}>
      {REPORT_METRICS.map((metric) => (
        <div key={metric}>
          <dt>{t(`metrics.${metric}`)}</dt>
          <dd>{t(`definitions.${metric}`)}</dd>
        </div>
      ))}
    </dl>
  );
  if (open) {
    return (
      <section className={styles.definitionsBox} aria-labelledby="report-definitions">
        <h2 id="report-definitions" className={styles.tableTitle}>
          {t('frame.definitions')}
        </h2>
        <p className={styles.note}>{t('frame.definitionsNote')}</p>
        {list}
      </section>
    );
  }
  return (
    <details className={styles.definitionsBox}>
      <summary>{t('frame.definitions')}</summary>
      <p className={styles.note}>{t('frame.definitionsNote')}</p>
      {list}
    </details>
  );
}
