import { useState, type FormEvent } from 'react';
import type { LoyaltyHistory, LoyaltySettings } from '@hive/shared/schemas/backoffice/rewards';
import { pointsValueCents } from '@hive/register-sdk/money';
import { Alert, Button, FormDialog, TextField, useToast } from '@hive/shared/ui';
import { fieldErrors, useApi } from '../../../api';
import { inputToNumber, useCentsFormat } from '../../../components';
import { useAreaT, useLanguage } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { REWARDS_URL, useRewardsApi } from '../api';
import styles from '../shared/rewards.module.css';

/** One customer's points: the balance, what it is worth, every movement, and an adjustment by hand. */
export function MemberHistory({
  customerId,
  settings,
  onBack,
  onChanged,
}: {
  customerId: number;
  settings: LoyaltySettings;
  onBack: () => void;
  onChanged: () => void;
}) {
  const { t } = useAreaT('rewards');
  const format = useCentsFormat();
  const history = useApi<LoyaltyHistory>(REWARDS_URL.loyaltyMember(customerId));
  const failure = useFailureMessage('rewards:loyalty');
  const [adjusting, setAdjusting] = useState(false);

  if (history.error) {
    return (
      <Alert kind="error" action={<Button onClick={onBack}>{t('common:common.backToList')}</Button>}>
        {failure(history.error)}
      </Alert>
    );
  }
  if (!history.data) return <p role="status">{t('common:common.loading')}</p>;
  const { customer, entries } = history.data;

  return (
    <section className={styles.section} aria-labelledby="loyalty-member">
      <h2 className={styles.heading} id="loyalty-member">
        {customer.name}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t('loyalty.members.points')}</dt>
          <dd data-testid="loyalty-points">{format.integer(customer.points)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.members.value')}</dt>
          <dd>{format.cents(pointsValueCents(settings, customer.points))}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button onClick={onBack}>{t('common:common.backToList')}</Button>
        <Button onClick={() => setAdjusting(true)}>{t('loyalty.history.adjust')}</Button>
      </div>
      <div className={styles.tableBox} role="region" aria-label={t('loyalty.history.title')} tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('loyalty.history.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('giftcards.history.when')}</th>
              <th scope="col">{t('giftcards.history.what')}</th>
              <th scope="col" className={styles.amount}>
                {t('loyalty.members.points')}
              </th>
              <th scope="col" className={styles.amount}>
                {t('giftcards.history.after')}
              </th>
              <th scope="col">{t('giftcards.history.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{format.dateTime(e.at)}</td>
                <td>{t(`loyalty.kinds.${e.kind}`)}</td>
                <td className={styles.amount}>{format.integer(e.points)}</td>
                <td className={styles.amount}>{format.integer(e.balanceAfter)}</td>
                <td>
                  {[
                    e.receiptNumber !== null ? t('giftcards.history.receipt', { number: e.receiptNumber }) : '',
                    e.note,
                    e.by ?? '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 && <p className={styles.muted}>{t('loyalty.history.none')}</p>}
      {adjusting && (
        <AdjustDialog
          customerId={customerId}
          onClose={(changed) => {
            setAdjusting(false);
            if (changed) {
              history.reload();
              onChanged();
            }
          }}
        />
      )}
    </section>
  );
}

function AdjustDialog({ customerId, onClose }: { customerId: number; onClose: (changed: boolean) => void }) {
  const { t } = useAreaT('rewards');
  const api = useRewardsApi();
  const toast = useToast();
  const failure = useFailureMessage('rewards:loyalty');
  const lang = useLanguage();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read in the user's language: a Spanish "1.000" is not 1.
    const n = inputToNumber(points, lang);
    const found: typeof errors = {};
    if (typeof n !== 'number' || !Number.isInteger(n) || n === 0) found.points = t('loyalty.history.pointsError');
    if (reason.trim() === '') found.reason = t('common:validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setProblem(null);
    try {
      // n is a whole number here (checked above).
      await api.adjustPoints(customerId, { points: n as number, reason: reason.trim() });
      toast.success(t('loyalty.history.adjusted'));
      onClose(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.points || fields.reason) setErrors({ points: fields.points, reason: fields.reason });
      else setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('loyalty.history.adjustTitle')}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      submitLabel={t('loyalty.history.adjust')}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onCancel={() => onClose(false)}
    >
      <TextField
        label={t('loyalty.members.points')}
        hint={t('loyalty.history.pointsHint')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={points}
        error={errors.points}
        onChange={(event) => setPoints(event.target.value)}
      />
      <TextField
        label={t('giftcards.fields.reason')}
        required
        autoComplete="off"
        maxLength={200}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
