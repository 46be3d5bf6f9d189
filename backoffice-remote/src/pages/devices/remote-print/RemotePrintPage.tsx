import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import type { Printer, PrinterOptions } from '@hive/shared/schemas/backoffice/devices';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { formStyles, useFailureMessage } from '../../../frames/resource';
import { devicesStyles as styles, groupByLocation, useCanSee } from '../shared';
import { DEVICES_URL, useDevicesApi } from '../api';
import { PrintQueue } from './PrintQueue';
import { PrinterCard, type PrinterAction } from './PrinterCard';
import { PrinterDialog } from './PrinterDialog';

const PREFIX = 'devices:printers';

/** Categories no active kitchen printer of the location prints (their lines never reach a kitchen). */
function unrouted(printers: Printer[], categories: PrinterOptions['categories']): string[] {
  const kitchens = printers.filter((p) => p.kind === 'kitchen' && p.active);
  if (kitchens.length === 0) return [];
  const routed = new Set(kitchens.flatMap((p) => p.categoryIds));
  return categories.filter((c) => !routed.has(c.id)).map((c) => c.name);
}

/**
 * Devices › Remote printing: the printers of each location (receipt or kitchen), which categories
 * go to which kitchen printer, a test page, and the print queue.
 */
function RemotePrintPage() {
  const { t } = useAreaT('devices');
  const api = useDevicesApi();
  const toast = useToast();
  const failure = useFailureMessage(PREFIX);
  const { title, breadcrumb } = usePageMeta('/remoteprint');
  const printers = useApi<{ rows: Printer[] }>(DEVICES_URL.printers);
  const options = useApi<PrinterOptions>(DEVICES_URL.printerOptions);
  const canSeeTerminals = useCanSee('/terminal');
  const canSeeLocations = useCanSee('/location');
  const [editing, setEditing] = useState<{ printer?: Printer } | null>(null);
  const [deleting, setDeleting] = useState<Printer | null>(null);
  const [busy, setBusy] = useState(false);
  const [queueVersion, setQueueVersion] = useState(0);

  const rows = printers.data?.rows ?? [];
  const locations = options.data?.locations ?? [];
  const noLocations = options.data !== undefined && locations.length === 0;

  const onAction = async (action: PrinterAction, printer: Printer) => {
    if (action === 'edit') setEditing({ printer });
    else if (action === 'delete') setDeleting(printer);
    else {
      setBusy(true);
      try {
        await api.testPrinter(printer.id);
        toast.success(
          t(printer.terminalId === null ? 'printers.testQueuedNoTerminal' : 'printers.testQueued', {
            name: printer.name,
            terminal: printer.terminalName,
          }),
        );
        printers.reload();
        setQueueVersion((n) => n + 1);
      } catch (error) {
        toast.error(failure(error));
      } finally {
        setBusy(false);
      }
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.deletePrinter(deleting.id);
      toast.success(t('printers.deleted', { name: deleting.name }));
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
      setDeleting(null);
      printers.reload();
      setQueueVersion((n) => n + 1);
    }
  };

  const saved = (printer: Printer, created: boolean) => {
    setEditing(null);
    toast.success(t(created ? 'printers.added' : 'printers.saved', { name: printer.name }));
    printers.reload();
  };

  let body;
  if (printers.error || options.error) {
    body = (
      <Alert
        kind="error"
        action={
          <Button
            onClick={() => {
              printers.reload();
              options.reload();
            }}
          >
            {t('common:common.tryAgain')}
          </Button>
        }
      >
        {failure(printers.error ?? options.error)}
      </Alert>
    );
  } else if (!printers.data || !options.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else if (rows.length === 0) {
    body = noLocations ? (
      <EmptyState
        title={t('printers.noLocationsTitle')}
        message={t('printers.noLocationsMessage')}
        action={
          canSeeLocations ? (
            <Link className={formStyles.primaryLink} to="/location">
              {t('common.goToLocations')}
            </Link>
          ) : undefined
        }
      />
    ) : (
      <EmptyState
        title={t('printers.emptyTitle')}
        message={
          options.data.terminals.length === 0 ? (
            <>
              {t('printers.emptyNoTerminals')}{' '}
              {canSeeTerminals && (
                <Link className={styles.link} to="/terminal">
                  {t('printers.goToTerminals')}
                </Link>
              )}
            </>
          ) : (
            t('printers.emptyMessage')
          )
        }
        action={
          <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
            {t('printers.add')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className={styles.stack}>
        {groupByLocation(rows, locations).map((group) => {
          const headingId = `printers-location-${group.location?.id ?? 'none'}`;
          const missing = unrouted(group.rows, options.data!.categories);
          return (
            <section key={headingId} className={styles.group} aria-labelledby={headingId}>
              <div className={styles.groupHead}>
                <h2 className={styles.groupTitle} id={headingId}>
                  {group.location?.name ?? t('printers.noLocation')}
                </h2>
                <p className={styles.groupNote}>
                  {group.location
                    ? t('printers.groupCount', { count: group.rows.length })
                    : t('printers.noLocationHint')}
                </p>
              </div>
              <ul className={styles.cards} aria-labelledby={headingId}>
                {group.rows.map((printer) => (
                  <li key={printer.id}>
                    <PrinterCard printer={printer} busy={busy} onAction={(a, p) => void onAction(a, p)} />
                  </li>
                ))}
              </ul>
              {missing.length > 0 && (
                <p className={styles.notice}>{t('printers.unrouted', { categories: missing.join(', ') })}</p>
              )}
            </section>
          );
        })}
      </div>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('printers.description')}
      actions={
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={!options.data || noLocations}
          onClick={() => setEditing({})}
        >
          {t('printers.add')}
        </Button>
      }
    >
      {body}
      {printers.data && rows.length > 0 && (
        <PrintQueue version={queueVersion} printers={rows} onChange={printers.reload} />
      )}
      {editing && options.data && (
        <PrinterDialog
          printer={editing.printer}
          options={options.data}
          onCancel={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('printers.deleteTitle')}
        message={deleting ? t('printers.deleteMessage', { name: deleting.name }) : ''}
        confirmLabel={t('printers.actions.delete')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </PageFrame>
  );
}

export default withAreaTexts('devices', RemotePrintPage);
