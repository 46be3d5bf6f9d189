import { useState, type FormEvent } from 'react';
import type { GiftCardDetail } from '@hive/shared/schemas/backoffice/rewards';
import {
  Alert,
  Button,
  DecimalField,
  FormDialog,
  TextField,
  minorUnits,
  parseDecimal,
  useToast,
} from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { useCentsFormat } from '../../../components';
import { useAreaT, useDecimalMessage, useLanguage } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';
import { useRewardsApi, type GiftCardAction, type GiftCardActionBody } from '../api';
import styles from '../shared/rewards.module.css';

type Action = GiftCardAction;

/** An amount in the currency, in the user's language; signed, for an adjustment takes money off. */
const AMOUNT = { decimals: 2, signed: true };

/** A card's balance, what can be done to it (load, adjust with a reason, void) and its history. */
export function GiftCardBalanceSection({ card, onChanged }: { card: GiftCardDetail; onChanged?: () => void }) {
  const { t } = useAreaT('rewards');
  const format = useCentsFormat();
  const [action, setAction] = useState<Action | null>(null);
  const active = card.status === 'active';

  return (
    <>
      <section className={styles.section} aria-labelledby="gift-card-balance">
        <h2 className={styles.heading} id="gift-card-balance">
          {t('giftcards.balance.title')}
        </h2>
        <dl className={styles.figures}>
          <div>
            <dt>{t('giftcards.columns.balance')}</dt>
            <dd data-testid="gift-card-balance">{format.cents(card.balanceCents)}</dd>
          </div>
          <div>
            <dt>{t('giftcards.balance.initial')}</dt>
            <dd>{format.cents(card.initialCents)}</dd>
          </div>
          <div>
            <dt>{t('giftcards.columns.status')}</dt>
            <dd>
              <GiftCardStatusBadge status={card.status} />
            </dd>
          </div>
        </dl>
        {active ? (
          <div className={styles.actions}>
            <Button onClick={() => setAction('load')}>{t('giftcards.actions.load')}</Button>
            <Button onClick={() => setAction('adjust')}>{t('giftcards.actions.adjust')}</Button>
            <Button variant="danger" onClick={() => setAction('void')}>
              {t('giftcards.actions.void')}
            </Button>
          </div>
        ) : (
          <p className={styles.muted}>{t(`giftcards.balance.${card.status}`)}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="gift-card-history">
        <h2 className={styles.heading} id="gift-card-history">
          {t('giftcards.history.title')}
        </h2>
        <div className={styles.tableBox} role="region" aria-labelledby="gift-card-history" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('giftcards.history.when')}</th>
                <th scope="col">{t('giftcards.history.what')}</th>
                <th scope="col" className={styles.amount}>
                  {t('giftcards.history.amount')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('giftcards.history.after')}
                </th>
                <th scope="col">{t('giftcards.history.details')}</th>
              </tr>
            </thead>
            <tbody>
              {card.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.dateTime(entry.at)}</td>
                  <td>{t(`giftcards.kinds.${entry.kind}`)}</td>
                  <td className={styles.amount}>{entry.kind === 'void' ? '' : format.cents(entry.amountCents)}</td>
                  <td className={styles.amount}>{format.cents(entry.balanceAfterCents)}</td>
                  <td>
                    {[
                      entry.receiptNumber !== null
                        ? t('giftcards.history.receipt', { number: entry.receiptNumber })
                        : '',
                      entry.orderNumber !== null ? t('giftcards.history.order', { number: entry.orderNumber }) : '',
                      entry.note,
                      entry.by ?? '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {action && (
        <BalanceDialog
          card={card}
          action={action}
          onClose={(changed) => {
            setAction(null);
            if (changed) onChanged?.();
          }}
        />
      )}
    </>
  );
}

function BalanceDialog({
  card,
  action,
  onClose,
}: {
  card: GiftCardDetail;
  action: Action;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useAreaT('rewards');
  const api = useRewardsApi();
  const toast = useToast();
  const failure = useFailureMessage('rewards:giftcards');
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // "-5,00" in es, "-5.00" in en, in cents exactly; what cannot be read for sure is said on the field.
    const parsed = parseDecimal(amount, lang, AMOUNT);
    const cents = parsed.ok ? minorUnits(parsed, AMOUNT.decimals) : null;
    const found: typeof errors = {};
    if (action !== 'void') {
      if (!parsed.ok) found.amount = decimalMessage(parsed.problem, AMOUNT);
      else if (cents === null || cents === 0 || (action === 'load' && cents < 0)) {
        found.amount = t(action === 'load' ? 'giftcards.errors.loadAmount' : 'giftcards.errors.adjustAmount');
      }
    }
    if (action !== 'load' && reason.trim() === '') found.reason = t('common:validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body =
      action === 'load'
        ? { amountCents: cents, note: reason.trim() }
        : action === 'adjust'
          ? { amountCents: cents, reason: reason.trim() }
          : { reason: reason.trim() };
    setBusy(true);
    setProblem(null);
    try {
      // The amount is whole cents here when the action takes one (checked above).
      await api.giftCardAction(card.id, action, body as GiftCardActionBody);
      toast.success(t(`giftcards.done.${action}`));
      onClose(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.amountCents || fields.reason) {
        setErrors({ amount: fields.amountCents, reason: fields.reason });
      } else setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t(`giftcards.dialogs.${action}`)}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      submitLabel={t(`giftcards.actions.${action}`)}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      danger={action === 'void'}
      onSubmit={(event) => void submit(event)}
      onCancel={() => onClose(false)}
    >
      {action === 'void' && <p>{t('giftcards.dialogs.voidMessage')}</p>}
      {action !== 'void' && (
        <DecimalField
          label={t('giftcards.fields.amount')}
          hint={t(action === 'load' ? 'giftcards.hints.load' : 'giftcards.hints.adjust')}
          required
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <TextField
        label={t(action === 'load' ? 'giftcards.fields.note' : 'giftcards.fields.reason')}
        required={action !== 'load'}
        autoComplete="off"
        maxLength={200}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
