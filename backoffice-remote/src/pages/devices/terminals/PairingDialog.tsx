import { PAIRING_CODE_TTL_MS } from '@hive/shared/schemas/device';
import { Alert, FormDialog } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { countdown, devicesStyles as styles, useDateTimeFormat, useNow } from '../shared';
import pairing from './pairing.module.css';

export interface OpenCode {
  terminalId: number;
  terminalName: string;
  /** Whether the terminal already has a device (a new code replaces it once used). */
  paired: boolean;
  code: string;
  expiresAt: number;
  /** Server time when it was issued (a pairing after it is this code's). */
  issuedAt: number;
  /** Server clock minus this one, when the code arrived. */
  offset: number;
}

/** "ABCD EFGH": two groups of four are easier to read out and type on a register. */
export const groupCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The one-time pairing code, shown once, big, with the minutes left to type it on the register.
 * Done closes it; once it has expired (or was lost), a new code replaces it.
 */
export function PairingDialog({
  open,
  busy,
  problem,
  onNewCode,
  onClose,
}: {
  open: OpenCode;
  busy: boolean;
  problem: string | null;
  onNewCode: () => void;
  onClose: () => void;
}) {
  const { t } = useAreaT('devices');
  const format = useDateTimeFormat();
  const now = useNow(1000) + open.offset;
  const left = open.expiresAt - now;
  const expired = left <= 0;
  const minutes = PAIRING_CODE_TTL_MS / 60_000;

  return (
    <FormDialog
      open
      title={t('pairing.title', { name: open.terminalName })}
      submitLabel={t('pairing.newCode')}
      cancelLabel={t('pairing.done')}
      busy={busy}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onNewCode();
      }}
      onCancel={onClose}
    >
      <ol className={pairing.steps}>
        <li>{t('pairing.step1')}</li>
        <li>{t('pairing.step2')}</li>
        <li>{t('pairing.step3', { minutes })}</li>
      </ol>
      <div className={[pairing.codeBox, expired && pairing.codeExpired].filter(Boolean).join(' ')}>
        <span className={pairing.codeLabel}>{t('pairing.codeLabel')}</span>
        <strong className={pairing.code} data-testid="pairing-code">
          {groupCode(open.code)}
        </strong>
        {expired ? (
          <p className={pairing.expired} role="status">
            {t('pairing.expired')}
          </p>
        ) : (
          <>
            {/* The ticking minutes are for the eyes; a screen reader reads the end time once. */}
            <p className={pairing.countdown} aria-hidden="true">
              {t('pairing.expiresIn', { time: countdown(left) })}
            </p>
            <p className={pairing.until}>
              {t('pairing.validUntil', { time: format.time(open.expiresAt - open.offset) })}
            </p>
          </>
        )}
      </div>
      <p className={styles.small}>{open.paired ? t('pairing.replaceNote') : t('pairing.onceNote')}</p>
    </FormDialog>
  );
}
