import { useState } from 'react';
import type { PinResetResult } from '@hive/shared/schemas/backoffice/team';
import { Alert, Button, ConfirmDialog } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { teamStyles as styles } from '../shared';
import { useTeamApi } from '../api';

/**
 * Reset all PINs (admins; the server refuses others with a reason): after a register or its data
 * got lost, every active employee gets a new PIN, listed this once.
 */
export function PinResetAction() {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const failure = useFailureMessage('team:employees');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pins, setPins] = useState<PinResetResult['pins'] | null>(null);

  const reset = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.resetAllPins();
      setPins(answer.pins);
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
        {t('employees.pinReset.button')}
      </Button>
      {problem && <Alert kind="error">{problem}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={t('employees.pinReset.confirmTitle')}
        message={t('employees.pinReset.confirmMessage')}
        confirmLabel={t('employees.pinReset.confirm')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      />
      {pins && (
        <ConfirmDialog
          open
          title={t('employees.pinReset.revealTitle')}
          message={
            <>
              <span>{t(pins.length > 0 ? 'employees.pinReset.revealMessage' : 'employees.pinReset.none')}</span>
              <ul className={styles.pinList}>
                {pins.map((p) => (
                  <li key={p.employeeId}>
                    <span>{p.name}</span> <span className={styles.pinSmall}>{p.pin}</span>
                  </li>
                ))}
              </ul>
            </>
          }
          confirmLabel={t('employees.pinReset.noted')}
          cancelLabel={t('common:common.dismiss')}
          onConfirm={() => setPins(null)}
          onCancel={() => setPins(null)}
        />
      )}
    </>
  );
}
