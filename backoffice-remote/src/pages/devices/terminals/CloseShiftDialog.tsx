import { useState, type FormEvent } from 'react';
import type { ShiftClosedFromBackoffice, Terminal } from '@hive/shared/schemas/backoffice/devices';
import { DEVICE_LIMITS } from '@hive/shared/schemas/device';
import { Alert, DecimalField, FormDialog, TextField, minorUnits, parseDecimal } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { useCentsFormat } from '../../../components';
import { useAreaT, useDecimalMessage, useLanguage } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useDateTimeFormat } from '../shared';
import { useDevicesApi } from '../api';

/** Cash in the currency, in the user's language ("124,50" in es, "124.50" in en); never negative. */
const CASH = { decimals: 2 };

export interface CloseShiftDialogProps {
  /** A terminal with an open shift. */
  terminal: Terminal & { openShift: NonNullable<Terminal['openShift']> };
  onCancel: () => void;
  onClosed: (closing: ShiftClosedFromBackoffice) => void;
}

/**
 * "Close shift" for a register that died with its shift open: the cash counted in the drawer (and
 * a note), then a second step saying what closing it here does, then the closing itself. The
 * server refuses while the register is online; its reason is shown here as it says it.
 */
export function CloseShiftDialog({ terminal, onCancel, onClosed }: CloseShiftDialogProps) {
  const { t } = useAreaT('devices');
  const api = useDevicesApi();
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const money = useCentsFormat();
  const format = useDateTimeFormat();
  const failure = useFailureMessage('devices:terminals');
  const shift = terminal.openShift;
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const [counted, setCounted] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const opened = t(shift.openedBy ? 'closeShift.openedBy' : 'closeShift.opened', {
    number: shift.number,
    name: terminal.name,
    time: format.dateTime(shift.openedAt),
    employee: shift.openedBy,
  });

  // Step 1: the count, read in the user's language and refused on its field when it cannot be.
  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseDecimal(amount, lang, CASH);
    const cents = parsed.ok ? minorUnits(parsed, CASH.decimals) : null;
    const found: typeof errors = {};
    if (!parsed.ok) found.amount = decimalMessage(parsed.problem, CASH);
    else if (cents === null) found.amount = t('common:validation.required');
    else if (cents > DEVICE_LIMITS.maxCents)
      found.amount = t('closeShift.tooMuch', { max: money.cents(DEVICE_LIMITS.maxCents) });
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length === 0) setCounted(cents);
  };

  // Step 2: confirmed, closed on the server as the register would have.
  const close = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (counted === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const closing = await api.closeShift(terminal.id, {
        shiftId: shift.id,
        countedCashCents: counted,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      onClosed(closing);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.countedCashCents || fields.note) {
        setErrors({ amount: fields.countedCashCents, note: fields.note });
        setCounted(null);
      } else setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  if (counted !== null) {
    return (
      <FormDialog
        open
        title={t('closeShift.confirmTitle', { number: shift.number, name: terminal.name })}
        submitLabel={t('closeShift.confirm')}
        cancelLabel={t('closeShift.back')}
        danger
        busy={busy}
        problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
        onSubmit={(event) => void close(event)}
        onCancel={() => {
          setCounted(null);
          setProblem(null);
        }}
      >
        <p>{t('closeShift.confirmCount', { amount: money.cents(counted) })}</p>
        <ul>
          <li>{t('closeShift.effects.closing')}</li>
          <li>{t('closeShift.effects.audit')}</li>
          <li>{t('closeShift.effects.register')}</li>
        </ul>
        <p>{t('closeShift.effects.final')}</p>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      open
      title={t('closeShift.title', { number: shift.number, name: terminal.name })}
      submitLabel={t('closeShift.review')}
      cancelLabel={t('common:common.cancel')}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      onSubmit={review}
      onCancel={onCancel}
    >
      <p>{opened}</p>
      <DecimalField
        label={t('closeShift.fields.counted')}
        hint={t('closeShift.hints.counted')}
        required
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextField
        label={t('closeShift.fields.note')}
        hint={t('closeShift.hints.note')}
        autoComplete="off"
        maxLength={DEVICE_LIMITS.noteMax}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
    </FormDialog>
  );
}
