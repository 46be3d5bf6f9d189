import { useState } from 'react';
import type { BackofficeRole } from '@hive/shared/config';
import type { Employee } from '@hive/shared/schemas/backoffice/team';
import { Alert, Button, ConfirmDialog, SelectField, useToast } from '@hive/shared/ui';
import { useAreaT, useFormat } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { teamStyles as styles } from '../shared';
import { useTeamApi } from '../api';

/** A PIN, shown this once (the server keeps only its hash). */
export function PinReveal({ name, pin, onClose }: { name: string; pin: string; onClose: () => void }) {
  const { t } = useAreaT('team');
  return (
    <ConfirmDialog
      open
      title={t('employees.pin.revealTitle', { name })}
      message={
        <>
          <span className={styles.pin} data-testid="pin">
            {pin}
          </span>
          <span>{t('employees.pin.revealMessage')}</span>
        </>
      }
      confirmLabel={t('employees.pin.noted')}
      cancelLabel={t('common:common.dismiss')}
      onConfirm={onClose}
      onCancel={onClose}
    />
  );
}

/** A new PIN, made up by the server (PINs are never chosen), shown once. */
export function PinSection({ employee, onChanged }: { employee: Employee; onChanged?: () => void }) {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const format = useFormat();
  const failure = useFailureMessage('team:employees');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);

  const change = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.newPin(employee.id);
      setRevealed(answer.pin);
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const date = format.dateTime(employee.pinUpdatedAt);
  return (
    <section className={styles.section} aria-labelledby={`pin-${employee.id}`}>
      <h2 className={styles.heading} id={`pin-${employee.id}`}>
        {t('employees.pin.title')}
      </h2>
      <p className={styles.muted}>
        {employee.pinUpdatedBy
          ? t('employees.pin.lastSetBy', { date, by: employee.pinUpdatedBy })
          : t('employees.pin.lastSet', { date })}
      </p>
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.actions}>
        <Button disabled={busy} onClick={() => setConfirming(true)}>
          {t('employees.pin.change')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('employees.pin.dialogTitle', { name: employee.name })}
        message={t('employees.pin.dialogMessage')}
        confirmLabel={t('employees.pin.submit')}
        cancelLabel={t('common:common.cancel')}
        busy={busy}
        onConfirm={() => void change()}
        onCancel={() => setConfirming(false)}
      />
      {revealed && (
        <PinReveal
          name={employee.name}
          pin={revealed}
          onClose={() => {
            setRevealed(null);
            onChanged?.();
          }}
        />
      )}
    </section>
  );
}

/** Back-office access: invite with a role (through the e-mail outbox), or take it away. */
export function BackOfficeAccessSection({
  employee,
  roles,
  onChanged,
}: {
  employee: Employee;
  roles: BackofficeRole[];
  onChanged?: () => void;
}) {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const toast = useToast();
  const failure = useFailureMessage('team:employees');
  const access = employee.backOffice;
  const [role, setRole] = useState<BackofficeRole>(
    roles.includes(access?.role ?? employee.role) ? (access?.role ?? employee.role) : (roles[0] ?? 'user'),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  const act = async (send: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await send();
      toast.success(done);
      onChanged?.();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
      setConfirmRevoke(false);
    }
  };
  const canInvite = access === null || access.status !== 'active';
  const canRevoke = access !== null && access.status !== 'disabled';

  return (
    <section className={styles.section} aria-labelledby={`access-${employee.id}`}>
      <h2 className={styles.heading} id={`access-${employee.id}`}>
        {t('employees.access.title')}
      </h2>
      <p className={styles.muted}>
        {access
          ? t(`employees.access.status_${access.status}`, {
              email: access.email,
              role: t(`roleNames.${access.role}`),
            })
          : t('employees.access.none')}
      </p>
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.actions}>
        {canInvite && roles.length > 0 && (
          <>
            <SelectField
              label={t('employees.access.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as BackofficeRole)}
              options={roles.map((r) => ({ value: r, label: t(`roleNames.${r}`) }))}
            />
            <Button
              disabled={busy}
              onClick={() =>
                void act(
                  () => api.invite(employee.id, { role }),
                  t('employees.access.invited', { email: access?.email ?? employee.email }),
                )
              }
            >
              {t(access?.status === 'invited' ? 'employees.access.resend' : 'employees.access.invite')}
            </Button>
          </>
        )}
        {canRevoke && (
          <Button variant="danger" disabled={busy} onClick={() => setConfirmRevoke(true)}>
            {t('employees.access.revoke')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        title={t('employees.access.revokeTitle', { name: employee.name })}
        message={t('employees.access.revokeMessage')}
        confirmLabel={t('employees.access.revoke')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() =>
          void act(() => api.revoke(employee.id), t('employees.access.revoked', { name: employee.name }))
        }
        onCancel={() => setConfirmRevoke(false)}
      />
    </section>
  );
}
