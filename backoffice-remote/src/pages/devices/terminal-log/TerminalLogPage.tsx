import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { RefreshCw } from 'lucide-react';
import {
  LOG_LEVELS,
  TERMINAL_LOG_KINDS,
  type LogLevel,
  type TerminalLogEntry,
  type TerminalLogList,
  type TerminalLogOptions,
} from '@hive/shared/schemas/backoffice/devices';
import { Alert, Button, EmptyState, PageFrame, SelectField, TextField } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { useApi } from '../../../api';
import { Badge, type BadgeKind } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, useTableLabels, withAreaTexts } from '../../../i18n';
import { formStyles, useFailureMessage } from '../../../frames/resource';
import { devicesStyles as styles, useCanSee, useDateTimeFormat } from '../shared';
import { DEVICES_URL } from '../api';
import { hasFilters, logQuery, useLogFilters } from './useLogFilters';

const LEVEL_BADGES: Record<LogLevel, BadgeKind> = { info: 'info', warning: 'warn', error: 'danger' };

function Details({ details }: { details: Record<string, unknown> }) {
  const { t } = useAreaT('devices');
  const entries = Object.entries(details);
  if (entries.length === 0) return null;
  return (
    <details className={styles.small}>
      <summary>{t('log.details')}</summary>
      <dl className={styles.facts}>
        {entries.map(([key, value]) => (
          <div key={key} className={styles.factRow}>
            <dt>{key}</dt>
            <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * Devices › Terminal log: what the registers did and reported (pairing, syncs, configuration, app
 * versions, their errors, failed print jobs, changes made here), newest first, filtered by
 * terminal, kind, level and days, paginated; every filter in the URL.
 */
function TerminalLogPage() {
  const { t } = useAreaT('devices');
  const { title, breadcrumb } = usePageMeta('/terminal_log');
  const failure = useFailureMessage('devices:log');
  const tableLabels = useTableLabels();
  const format = useDateTimeFormat();
  const canSeeTerminals = useCanSee('/terminal');
  const { filters, update, clear } = useLogFilters();
  const query = logQuery(filters);
  const options = useApi<TerminalLogOptions>(DEVICES_URL.terminalLogOptions);
  const log = useApi<TerminalLogList>(query ? DEVICES_URL.terminalLog : null, query ?? undefined);
  const terminals = options.data?.terminals ?? [];
  const backwards = query === null;

  // A page past the end (an old link, a filter that narrowed the list) steps back to the last one.
  const total = log.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / filters.pageSize));
    if (filters.page > last) update({ page: last });
  }, [total, filters.page, filters.pageSize, update]);

  const columns = useMemo<ColumnDef<TerminalLogEntry, unknown>[]>(
    () => [
      {
        id: 'at',
        header: t('log.columns.at'),
        enableSorting: false,
        cell: ({ row }) => <span className={styles.nowrap}>{format.dateTimeSeconds(row.original.at)}</span>,
      },
      {
        id: 'terminal',
        header: t('log.columns.terminal'),
        enableSorting: false,
        cell: ({ row }) => row.original.terminalName,
      },
      {
        id: 'kind',
        header: t('log.columns.kind'),
        enableSorting: false,
        cell: ({ row }) => <span className={styles.nowrap}>{t(`log.kinds.${row.original.kind}`)}</span>,
      },
      {
        id: 'level',
        header: t('log.columns.level'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge kind={LEVEL_BADGES[row.original.level]}>{t(`log.levels.${row.original.level}`)}</Badge>
        ),
      },
      {
        id: 'message',
        header: t('log.columns.message'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            {row.original.message}
            <Details details={row.original.details} />
          </>
        ),
      },
    ],
    [t, format],
  );

  let empty;
  if (options.data && terminals.length === 0) {
    empty = (
      <EmptyState
        plain
        level={3}
        title={t('log.noTerminalsTitle')}
        message={t('log.noTerminalsMessage')}
        action={
          canSeeTerminals ? (
            <Link className={formStyles.primaryLink} to="/terminal">
              {t('log.goToTerminals')}
            </Link>
          ) : undefined
        }
      />
    );
  } else if (hasFilters(filters)) {
    empty = (
      <EmptyState
        plain
        level={3}
        title={t('log.noMatchTitle')}
        message={t('log.noMatchMessage')}
        action={<Button onClick={clear}>{t('log.clear')}</Button>}
      />
    );
  } else {
    empty = <EmptyState plain level={3} title={t('log.emptyTitle')} message={t('log.emptyMessage')} />;
  }

  const filterBar = (
    <form
      className={styles.filters}
      aria-label={t('log.filters')}
      onSubmit={(event) => event.preventDefault()}
      noValidate
    >
      <SelectField
        label={t('log.filter.terminal')}
        placeholder={t('log.filter.allTerminals')}
        options={terminals.map((term) => ({
          value: String(term.id),
          label: term.locationName ? `${term.name} · ${term.locationName}` : term.name,
        }))}
        value={terminals.some((term) => String(term.id) === filters.terminal) ? filters.terminal : ''}
        onChange={(event) => update({ terminal: event.target.value })}
      />
      <SelectField
        label={t('log.filter.kind')}
        placeholder={t('log.filter.allKinds')}
        options={TERMINAL_LOG_KINDS.map((kind) => ({ value: kind, label: t(`log.kinds.${kind}`) }))}
        value={filters.kind}
        onChange={(event) => update({ kind: event.target.value as typeof filters.kind })}
      />
      <SelectField
        label={t('log.filter.level')}
        placeholder={t('log.filter.allLevels')}
        options={LOG_LEVELS.map((level) => ({ value: level, label: t(`log.levels.${level}`) }))}
        value={filters.level}
        onChange={(event) => update({ level: event.target.value as typeof filters.level })}
      />
      <TextField
        type="date"
        label={t('log.filter.from')}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => update({ from: event.target.value })}
      />
      <TextField
        type="date"
        label={t('log.filter.to')}
        value={filters.to}
        min={filters.from || undefined}
        error={backwards ? t('log.toBeforeFrom') : undefined}
        onChange={(event) => update({ to: event.target.value })}
      />
      <div className={styles.filterButtons}>
        <Button onClick={clear} disabled={!hasFilters(filters)}>
          {t('log.clear')}
        </Button>
      </div>
    </form>
  );

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('log.description')}
      actions={
        <Button icon={<RefreshCw size={16} aria-hidden="true" />} onClick={log.reload} disabled={backwards}>
          {t('log.refresh')}
        </Button>
      }
    >
      {filterBar}
      <DataTable<TerminalLogEntry>
        caption={t('log.tableCaption')}
        columns={columns}
        data={backwards ? [] : (log.data?.rows ?? [])}
        total={backwards ? 0 : (log.data?.total ?? 0)}
        page={filters.page}
        pageSize={filters.pageSize}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize })}
        getRowId={(row) => String(row.id)}
        loading={!backwards && log.loading}
        error={
          log.error && !backwards ? (
            <Alert kind="error" action={<Button onClick={log.reload}>{t('common:common.tryAgain')}</Button>}>
              {failure(log.error)}
            </Alert>
          ) : undefined
        }
        empty={backwards ? <p className={styles.muted}>{t('log.toBeforeFrom')}</p> : empty}
        labels={tableLabels}
      />
    </PageFrame>
  );
}

export default withAreaTexts('devices', TerminalLogPage);
