import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import {
  LIVE_POLL_MS,
  type ShiftClosedFromBackoffice,
  type Terminal,
  type TerminalList,
  type TerminalOptions,
  type TerminalPairing,
} from '@hive/shared/schemas/backoffice/devices';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { useApi, useLiveApi } from '../../../api';
import { LiveIndicator, useCentsFormat } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { formStyles, useFailureMessage } from '../../../frames/resource';
import { clockOffset, devicesStyles as styles, groupByLocation, useCanSee, useDateTimeFormat, useNow } from '../shared';
import { DEVICES_URL, useDevicesApi } from '../api';
import { CloseShiftDialog, type CloseShiftDialogProps } from './CloseShiftDialog';
import { PairingDialog, type OpenCode } from './PairingDialog';
import { TerminalCard, type TerminalAction } from './TerminalCard';
import { TerminalDialog } from './TerminalDialog';

const PREFIX = 'devices:terminals';

type Editing = { terminal?: Terminal } | null;
type Confirming = { action: 'unpair' | 'delete'; terminal: Terminal } | null;
type Closed = ShiftClosedFromBackoffice & { name: string };

/**
 * Devices › Terminals: the registers per location, live (polled while the tab is visible), with
 * pairing (a one-time code and its countdown), rename and move, unpair and delete.
 */
const TERMINAL_TOPICS = { topics: LIVE_PAGE_TOPICS['/terminal'] };

function TerminalsPage() {
  const { t } = useAreaT('devices');
  const api = useDevicesApi();
  const toast = useToast();
  const failure = useFailureMessage(PREFIX);
  const { title, breadcrumb } = usePageMeta('/terminal');
  const format = useDateTimeFormat();
  // Online state, open shifts and today's receipts: refetched when the stream announces one of them.
  const live = useLiveApi<TerminalList>(DEVICES_URL.terminals, LIVE_POLL_MS, undefined, TERMINAL_TOPICS);
  const options = useApi<TerminalOptions>(DEVICES_URL.terminalOptions);
  const canSeeLog = useCanSee('/terminal_log');
  const canSeeLocations = useCanSee('/location');
  const canSeeClosings = useCanSee('/closings');
  const money = useCentsFormat();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [code, setCode] = useState<OpenCode | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [closingShift, setClosingShift] = useState<CloseShiftDialogProps['terminal'] | null>(null);
  const [closed, setClosed] = useState<Closed | null>(null);

  const rows = live.data?.rows ?? [];
  const offset = clockOffset(live.data?.serverTime, live.updatedAt);
  // Countdowns tick every second; otherwise "2 minutes ago" needs no more than a few refreshes a minute.
  const ticking = code !== null || rows.some((r) => r.pairingExpiresAt !== null);
  const now = useNow(ticking ? 1000 : 15_000) + offset;
  const locations = options.data?.locations ?? [];

  // The register used the code: the dialog has done its job.
  const pairedNow = code ? rows.find((r) => r.id === code.terminalId) : undefined;
  useEffect(() => {
    if (!code || !pairedNow) return;
    if (
      pairedNow.status === 'paired' &&
      pairedNow.pairingExpiresAt === null &&
      (pairedNow.pairedAt ?? 0) >= code.issuedAt
    ) {
      setCode(null);
      toast.success(t('pairing.paired', { name: pairedNow.name }));
    }
  }, [code, pairedNow, toast, t]);

  const showCode = (pairing: TerminalPairing) => {
    setCodeProblem(null);
    setCode({
      terminalId: pairing.terminal.id,
      terminalName: pairing.terminal.name,
      paired: pairing.terminal.status === 'paired',
      code: pairing.pairingCode,
      expiresAt: pairing.pairingExpiresAt,
      issuedAt: pairing.serverTime,
      offset: pairing.serverTime - Date.now(),
    });
  };

  const newCode = async (terminal: { id: number; name: string }, inDialog: boolean) => {
    setBusy(true);
    setCodeProblem(null);
    try {
      showCode(await api.pairingCode(terminal.id));
      live.reload();
    } catch (error) {
      if (inDialog) setCodeProblem(failure(error));
      else toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: TerminalAction, terminal: Terminal) => {
    if (action === 'edit') setEditing({ terminal });
    else if (action === 'code') void newCode(terminal, false);
    else if (action === 'closeShift') {
      if (terminal.openShift) setClosingShift({ ...terminal, openShift: terminal.openShift });
    } else setConfirming({ action, terminal });
  };

  const confirm = async () => {
    if (!confirming) return;
    const { action, terminal } = confirming;
    setBusy(true);
    try {
      if (action === 'delete') {
        await api.deleteTerminal(terminal.id);
        toast.success(t('terminals.deleted', { name: terminal.name }));
      } else {
        await api.unpairTerminal(terminal.id);
        toast.success(
          t(terminal.status === 'paired' ? 'terminals.unpaired' : 'terminals.withdrawn', { name: terminal.name }),
        );
      }
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
      setConfirming(null);
      live.reload();
    }
  };

  const saved = (result: Terminal | TerminalPairing, created: boolean) => {
    setEditing(null);
    live.reload();
    if (created && 'pairingCode' in result) {
      toast.success(t('terminals.added', { name: result.terminal.name }));
      showCode(result);
    } else if ('name' in result) {
      toast.success(t('terminals.saved', { name: result.name }));
    }
  };

  const shiftClosed = (closing: ShiftClosedFromBackoffice) => {
    setClosed({ ...closing, name: closingShift?.name ?? closing.terminal.name });
    setClosingShift(null);
    live.reload();
  };

  const groups = groupByLocation(rows, locations);
  const online = rows.filter((r) => r.online).length;
  const noLocations = options.data !== undefined && locations.length === 0;

  let body;
  if (live.error && !live.data) {
    body = (
      <Alert kind="error" action={<Button onClick={live.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(live.error)}
      </Alert>
    );
  } else if (!live.data || !options.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else if (rows.length === 0) {
    body = noLocations ? (
      <EmptyState
        title={t('terminals.noLocationsTitle')}
        message={t('terminals.noLocationsMessage')}
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
        title={t('terminals.emptyTitle')}
        message={t('terminals.emptyMessage')}
        action={
          <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
            {t('terminals.add')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className={styles.stack}>
        {closed && (
          <Alert
            kind="success"
            title={t('closeShift.done', { number: closed.number, name: closed.name })}
            action={<Button onClick={() => setClosed(null)}>{t('closeShift.dismiss')}</Button>}
          >
            <p>
              {t('closeShift.figures', {
                counted: money.cents(closed.countedCashCents),
                expected: money.cents(closed.expectedCashCents),
                difference: money.cents(closed.differenceCents),
              })}
            </p>
            {canSeeClosings && <Link to={`/closings?shift=${closed.shiftId}`}>{t('closeShift.openClosing')}</Link>}
          </Alert>
        )}
        <p className={styles.liveLine}>
          <span>{t('terminals.summary', { count: rows.length, online })}</span>
          <span title={live.updatedAt ? format.dateTimeSeconds(live.updatedAt) : undefined}>
            <span
              className={[styles.liveDot, live.stale && styles.liveDotStale].filter(Boolean).join(' ')}
              aria-hidden="true"
            />
            {live.stale ? t('common.liveStale', { time: format.time(live.updatedAt ?? Date.now()) }) : t('common.live')}
          </span>
        </p>
        {groups.map((group) => {
          const heading = group.location?.name ?? t('terminals.noLocation');
          const headingId = `terminals-location-${group.location?.id ?? 'none'}`;
          return (
            <section key={headingId} className={styles.group} aria-labelledby={headingId}>
              <div className={styles.groupHead}>
                <h2 className={styles.groupTitle} id={headingId}>
                  {heading}
                </h2>
                <p className={styles.groupNote}>
                  {group.location
                    ? t('terminals.groupCount', {
                        count: group.rows.length,
                        online: group.rows.filter((r) => r.online).length,
                      })
                    : t('terminals.noLocationHint')}
                </p>
              </div>
              <ul className={styles.cards} aria-labelledby={headingId}>
                {group.rows.map((terminal) => (
                  <li key={terminal.id}>
                    <TerminalCard terminal={terminal} now={now} busy={busy} logLink={canSeeLog} onAction={onAction} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    );
  }

  const confirmTexts = confirming && {
    title: t(
      confirming.action === 'delete'
        ? 'terminals.deleteTitle'
        : confirming.terminal.status === 'paired'
          ? 'terminals.unpairTitle'
          : 'terminals.withdrawTitle',
      { name: confirming.terminal.name },
    ),
    message: t(
      confirming.action === 'delete'
        ? 'terminals.deleteMessage'
        : confirming.terminal.status === 'paired'
          ? 'terminals.unpairMessage'
          : 'terminals.withdrawMessage',
      { name: confirming.terminal.name },
    ),
    label: t(
      confirming.action === 'delete'
        ? 'terminals.actions.delete'
        : confirming.terminal.status === 'paired'
          ? 'terminals.actions.unpair'
          : 'terminals.actions.withdraw',
    ),
  };

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('terminals.description')}
      actions={
        <>
          <LiveIndicator />
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            disabled={noLocations || !options.data}
            onClick={() => setEditing({})}
          >
            {t('terminals.add')}
          </Button>
        </>
      }
    >
      {body}
      {editing && (
        <TerminalDialog
          terminal={editing.terminal}
          locations={locations}
          onCancel={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      {closingShift && (
        <CloseShiftDialog terminal={closingShift} onCancel={() => setClosingShift(null)} onClosed={shiftClosed} />
      )}
      {code && (
        <PairingDialog
          open={code}
          busy={busy}
          problem={codeProblem}
          onNewCode={() => void newCode({ id: code.terminalId, name: code.terminalName }, true)}
          onClose={() => setCode(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirmTexts ? confirmTexts.title : ''}
        message={confirmTexts ? confirmTexts.message : ''}
        confirmLabel={confirmTexts ? confirmTexts.label : ''}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </PageFrame>
  );
}

export default withAreaTexts('devices', TerminalsPage);
