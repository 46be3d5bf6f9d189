import { useId } from 'react';
import { Link } from 'react-router-dom';
import { KeyRound, LockKeyhole, Pencil, ScrollText, Trash2, Unlink } from 'lucide-react';
import { TERMINAL_ONLINE_WINDOW_MS, type Terminal } from '@hive/shared/schemas/backoffice/devices';
import { Button } from '@hive/shared/ui';
import { Badge, type BadgeKind } from '../../../components';
import { useAreaT, useFormat } from '../../../i18n';
import { countdown, devicesStyles as styles, useDateTimeFormat } from '../shared';

export type TerminalAction = 'edit' | 'code' | 'unpair' | 'delete' | 'closeShift';

/** An open shift's opening: the time today, the date and time when it is older. */
const HALF_DAY = 12 * 3_600_000;

/** What the badge says: online / offline for a paired terminal, else where its pairing stands. */
export function terminalState(terminal: Terminal): { key: string; kind: BadgeKind } {
  if (terminal.status === 'paired')
    return terminal.online ? { key: 'online', kind: 'on' } : { key: 'offline', kind: 'warn' };
  if (terminal.pairingExpiresAt !== null) return { key: 'waiting', kind: 'info' };
  return { key: terminal.status === 'new' ? 'notPaired' : 'unpaired', kind: 'off' };
}

/**
 * One register: its state, what it last did, and what can be done with it. The buttons' names
 * say which terminal they act on ("Unpair Till 1").
 */
export function TerminalCard({
  terminal,
  now,
  busy,
  logLink,
  onAction,
}: {
  terminal: Terminal;
  /** Server time. */
  now: number;
  busy: boolean;
  /** Whether the user may open /terminal_log. */
  logLink: boolean;
  onAction: (action: TerminalAction, terminal: Terminal) => void;
}) {
  const { t } = useAreaT('devices');
  const format = useDateTimeFormat();
  const numbers = useFormat();
  const titleId = useId();
  const { name } = terminal;
  const state = terminalState(terminal);
  const codeOpen = terminal.pairingExpiresAt !== null && terminal.pairingExpiresAt > now;
  const paired = terminal.status === 'paired';
  const never = t('terminals.never');
  const shift = terminal.openShift;
  const shiftNoteId = useId();

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle} id={titleId}>
            {name}
          </h3>
          <p className={styles.cardSub}>{terminal.deviceModel || t('terminals.noDevice')}</p>
        </div>
        <Badge kind={state.kind}>{t(`terminals.state.${state.key}`)}</Badge>
      </div>
      {codeOpen && (
        <p className={styles.notice}>
          {t(paired ? 'terminals.codeOpenPaired' : 'terminals.codeOpen', {
            time: countdown(terminal.pairingExpiresAt! - now),
          })}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t('terminals.facts.lastSeen')}</dt>
        <dd title={terminal.lastSeenAt ? format.dateTimeSeconds(terminal.lastSeenAt) : undefined}>
          {terminal.lastSeenAt ? format.ago(terminal.lastSeenAt, now) : never}
        </dd>
        <dt>{t('terminals.facts.lastSync')}</dt>
        <dd title={terminal.lastSyncAt ? format.dateTimeSeconds(terminal.lastSyncAt) : undefined}>
          {terminal.lastSyncAt ? format.ago(terminal.lastSyncAt, now) : never}
        </dd>
        <dt>{t('terminals.facts.appVersion')}</dt>
        <dd>{terminal.appVersion || '—'}</dd>
        <dt>{t('terminals.facts.today')}</dt>
        <dd>
          {t('terminals.sales', { count: terminal.receiptsToday, formatted: numbers.integer(terminal.receiptsToday) })}
          {shift && (
            <>
              <br />
              {t(
                `terminals.${now - shift.openedAt < HALF_DAY ? 'shiftOpen' : 'shiftOpenDay'}${shift.openedBy ? 'By' : ''}`,
                {
                  number: shift.number,
                  time: now - shift.openedAt < HALF_DAY ? format.time(shift.openedAt) : format.dateTime(shift.openedAt),
                  employee: shift.openedBy,
                },
              )}
            </>
          )}
        </dd>
      </dl>
      {shift && terminal.online && (
        <p className={styles.cardSub} id={shiftNoteId}>
          {t('terminals.shiftInUse', { minutes: TERMINAL_ONLINE_WINDOW_MS / 60_000 })}
        </p>
      )}
      <div className={styles.actions}>
        {!paired && !codeOpen && (
          <Button
            size="small"
            variant="primary"
            icon={<KeyRound size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAction('code', terminal)}
            aria-label={t('terminals.actions.pairNamed', { name })}
          >
            {t('terminals.actions.pair')}
          </Button>
        )}
        {(paired || codeOpen) && (
          <Button
            size="small"
            icon={<KeyRound size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAction('code', terminal)}
            aria-label={t('terminals.actions.newCodeNamed', { name })}
          >
            {t('terminals.actions.newCode')}
          </Button>
        )}
        <Button
          size="small"
          icon={<Pencil size={16} aria-hidden="true" />}
          disabled={busy}
          onClick={() => onAction('edit', terminal)}
          aria-label={t('terminals.actions.editNamed', { name })}
        >
          {t('terminals.actions.edit')}
        </Button>
        {(paired || codeOpen) && (
          <Button
            size="small"
            icon={<Unlink size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAction('unpair', terminal)}
            aria-label={t(paired ? 'terminals.actions.unpairNamed' : 'terminals.actions.withdrawNamed', { name })}
          >
            {t(paired ? 'terminals.actions.unpair' : 'terminals.actions.withdraw')}
          </Button>
        )}
        {shift && (
          <Button
            size="small"
            icon={<LockKeyhole size={16} aria-hidden="true" />}
            disabled={busy || terminal.online}
            onClick={() => onAction('closeShift', terminal)}
            aria-label={t('terminals.actions.closeShiftNamed', { number: shift.number, name })}
            aria-describedby={terminal.online ? shiftNoteId : undefined}
          >
            {t('terminals.actions.closeShift')}
          </Button>
        )}
        {!terminal.hasHistory && !paired && (
          <Button
            size="small"
            variant="ghost"
            icon={<Trash2 size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAction('delete', terminal)}
            aria-label={t('terminals.actions.deleteNamed', { name })}
          >
            {t('terminals.actions.delete')}
          </Button>
        )}
        {logLink && (
          <Link
            className={styles.cardLink}
            to={`/terminal_log?terminal=${terminal.id}`}
            aria-label={t('terminals.actions.logNamed', { name })}
          >
            <ScrollText size={16} aria-hidden="true" />
            {t('terminals.actions.log')}
          </Link>
        )}
      </div>
    </article>
  );
}
