import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { Ban, RotateCcw } from 'lucide-react';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import { DEFAULT_PAGE_SIZE } from '@hive/shared/schemas/backoffice';
import {
  LIVE_POLL_MS,
  PRINT_JOB_STATUSES,
  type PrintJob,
  type PrintJobList,
  type PrintJobStatus,
  type Printer,
} from '@hive/shared/schemas/backoffice/devices';
import { Alert, Button, ConfirmDialog, EmptyState, SelectField, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { useLiveApi } from '../../../api';
import { Badge, LiveIndicator, type BadgeKind } from '../../../components';
import { useAreaT, useTableLabels } from '../../../i18n';
import { formStyles, useFailureMessage } from '../../../frames/resource';
import { devicesStyles as styles, useDateTimeFormat } from '../shared';
import { DEVICES_URL, useDevicesApi } from '../api';

const STATUS_BADGES: Record<PrintJobStatus, BadgeKind> = {
  queued: 'info',
  printed: 'on',
  failed: 'danger',
  cancelled: 'off',
};

/** The queue's filters in the URL: ?printer=&status=&jobs= (page). */
function useQueueFilters() {
  const [search, setSearch] = useSearchParams();
  const printer = /^[1-9]\d{0,9}$/.test(search.get('printer') ?? '') ? search.get('printer')! : '';
  const rawStatus = search.get('status') ?? '';
  const status = (PRINT_JOB_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as PrintJobStatus) : '';
  const rawPage = Number(search.get('jobs'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1_000_000 ? rawPage : 1;
  const update = useCallback(
    (patch: { printer?: string; status?: string; page?: number }) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | number | undefined) => {
          if (value === undefined) return;
          if (value === '' || value === 1) next.delete(key);
          else next.set(key, String(value));
        };
        set('printer', patch.printer);
        set('status', patch.status);
        set('jobs', patch.page ?? 1);
        return next;
      }),
    [setSearch],
  );
  return { printer, status, page, update };
}

/** A ticket as the register prints it (monospace, bold and large lines marked). */
function Ticket({ job }: { job: PrintJob }) {
  const { t } = useAreaT('devices');
  if (job.document.lines.length === 0) return null;
  return (
    <details className={styles.small}>
      <summary>{t('queue.showTicket')}</summary>
      <pre className={styles.ticket}>
        {job.document.lines.map((line, index) => (
          <span
            key={index}
            className={[line.bold && styles.ticketBold, line.large && styles.ticketLarge].filter(Boolean).join(' ')}
          >
            {line.text || ' '}
            {'\n'}
          </span>
        ))}
      </pre>
    </details>
  );
}

/**
 * The print queue, newest first, live while the tab is visible: a queued job waits for the
 * register that drives its printer; a failed or cancelled one can be retried, a queued one
 * cancelled (the server refuses other transitions, and says so).
 */
const PRINT_TOPICS = { topics: LIVE_PAGE_TOPICS['/remoteprint'] };

export function PrintQueue({
  printers,
  version,
  onChange,
}: {
  printers: Printer[];
  /** Bumped by the page when it queued or removed jobs. */
  version: number;
  onChange: () => void;
}) {
  const { t } = useAreaT('devices');
  const api = useDevicesApi();
  const toast = useToast();
  const failure = useFailureMessage('devices:queue');
  const tableLabels = useTableLabels();
  const format = useDateTimeFormat();
  const filters = useQueueFilters();
  const params = {
    printerId: filters.printer || undefined,
    status: filters.status || undefined,
    page: filters.page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const queue = useLiveApi<PrintJobList>(DEVICES_URL.printJobs, LIVE_POLL_MS, params, PRINT_TOPICS);
  const [busy, setBusy] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<PrintJob | null>(null);

  // The printers' counts follow the queue: when a job changes state, they are asked again.
  const signature = queue.data
    ? queue.data.rows.map((j) => `${j.id}:${j.status}`).join(',') + `/${queue.data.total}`
    : '';
  const seen = useRef('');
  useEffect(() => {
    if (!signature) return;
    if (seen.current && seen.current !== signature) onChange();
    seen.current = signature;
  }, [signature, onChange]);

  // A job queued by this page (a test page) shows at once, not at the next poll.
  const { reload } = queue;
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  const act = async (job: PrintJob, action: 'retry' | 'cancel') => {
    setBusy(job.id);
    try {
      await api.printJobAction(job.id, action);
      toast.success(t(action === 'retry' ? 'queue.retried' : 'queue.cancelled', { title: job.title }));
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(null);
      setCancelling(null);
      queue.reload();
    }
  };

  const columns = useMemo<ColumnDef<PrintJob, unknown>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('queue.columns.createdAt'),
        enableSorting: false,
        cell: ({ row }) => <span className={styles.nowrap}>{format.dateTimeSeconds(row.original.createdAt)}</span>,
      },
      {
        id: 'printer',
        header: t('queue.columns.printer'),
        enableSorting: false,
        cell: ({ row }) => row.original.printerName,
      },
      {
        id: 'title',
        header: t('queue.columns.document'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            {row.original.title}
            <span className={`${styles.muted} ${styles.small}`}> · {t(`queue.kinds.${row.original.kind}`)}</span>
            <Ticket job={row.original} />
          </>
        ),
      },
      {
        id: 'status',
        header: t('queue.columns.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <Badge kind={STATUS_BADGES[row.original.status]}>{t(`queue.statuses.${row.original.status}`)}</Badge>
            {row.original.error && <div className={`${styles.small} ${styles.errorText}`}>{row.original.error}</div>}
          </>
        ),
      },
      {
        id: 'attempts',
        header: t('queue.columns.attempts'),
        enableSorting: false,
        meta: { align: 'right' },
        cell: ({ row }) => row.original.attempts,
      },
      {
        id: 'actions',
        header: () => <span className={formStyles.srOnly}>{t('common:common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const job = row.original;
          if (job.status === 'failed' || job.status === 'cancelled') {
            return (
              <Button
                size="small"
                icon={<RotateCcw size={16} aria-hidden="true" />}
                disabled={busy !== null}
                onClick={() => void act(job, 'retry')}
                aria-label={t('queue.retryNamed', { title: job.title })}
              >
                {t('queue.retry')}
              </Button>
            );
          }
          if (job.status === 'queued') {
            return (
              <Button
                size="small"
                variant="ghost"
                icon={<Ban size={16} aria-hidden="true" />}
                disabled={busy !== null}
                onClick={() => setCancelling(job)}
                aria-label={t('queue.cancelNamed', { title: job.title })}
              >
                {t('queue.cancel')}
              </Button>
            );
          }
          return null;
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- act reads the current state
    [t, format, busy],
  );

  const filtered = Boolean(filters.printer || filters.status);
  return (
    <section className={styles.group} aria-labelledby="print-queue-title">
      <h2 className={styles.sectionTitle} id="print-queue-title">
        {t('queue.title')}
      </h2>
      <div>
        <LiveIndicator />
      </div>
      <DataTable<PrintJob>
        caption={t('queue.tableCaption')}
        columns={columns}
        data={queue.data?.rows ?? []}
        total={queue.data?.total ?? 0}
        page={filters.page}
        pageSize={DEFAULT_PAGE_SIZE}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={(page) => filters.update({ page })}
        getRowId={(row) => String(row.id)}
        loading={queue.loading}
        error={
          queue.error ? (
            <Alert kind="error" action={<Button onClick={queue.reload}>{t('common:common.tryAgain')}</Button>}>
              {failure(queue.error)}
            </Alert>
          ) : undefined
        }
        empty={
          filtered ? (
            <EmptyState
              plain
              level={3}
              title={t('queue.noMatchTitle')}
              action={<Button onClick={() => filters.update({ printer: '', status: '' })}>{t('queue.clear')}</Button>}
            />
          ) : (
            <EmptyState plain level={3} title={t('queue.emptyTitle')} message={t('queue.emptyMessage')} />
          )
        }
        labels={tableLabels}
        toolbar={
          <div className={styles.queueFilters}>
            <SelectField
              label={t('queue.filter.printer')}
              placeholder={t('queue.filter.allPrinters')}
              options={printers.map((p) => ({ value: String(p.id), label: p.name }))}
              value={printers.some((p) => String(p.id) === filters.printer) ? filters.printer : ''}
              onChange={(event) => filters.update({ printer: event.target.value })}
            />
            <SelectField
              label={t('queue.filter.status')}
              placeholder={t('queue.filter.allStatuses')}
              options={PRINT_JOB_STATUSES.map((s) => ({ value: s, label: t(`queue.statuses.${s}`) }))}
              value={filters.status}
              onChange={(event) => filters.update({ status: event.target.value })}
            />
          </div>
        }
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('queue.cancelTitle')}
        message={cancelling ? t('queue.cancelMessage', { title: cancelling.title }) : ''}
        confirmLabel={t('queue.cancel')}
        cancelLabel={t('queue.keep')}
        danger
        busy={busy !== null}
        onConfirm={() => cancelling && void act(cancelling, 'cancel')}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}
