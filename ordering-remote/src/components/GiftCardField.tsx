import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/giftCardNumber';
import type { StoreGiftCard } from '@hive/shared/schemas/ordering';
import { errorResponse } from '../api';
import styles from '../ordering.module.css';

export interface GiftCardFieldProps {
  value: string;
  onChange(value: string): void;
  /** The server's refusal of the number when the order was placed. */
  error?: string | null;
  check(number: string): Promise<StoreGiftCard>;
  format(cents: number): string;
}

/**
 * An optional gift card: its 16 digits are checked here (the check digit) before the balance is
 * asked for; what it holds pays the order up to its total when it is placed, the rest at pickup.
 */
export function GiftCardField({ value, onChange, error, check, format }: GiftCardFieldProps) {
  const { t } = useTranslation('ordering');
  const id = useId();
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = problem ?? error ?? null;

  const onCheck = async () => {
    setResult(null);
    setProblem(null);
    const digits = normalizeGiftCardNumber(value);
    if (digits === null) {
      setProblem(t('giftCard.invalid'));
      return;
    }
    setBusy(true);
    try {
      const card = await check(digits);
      if (card.status !== 'active') setProblem(t(`giftCard.${card.status}`));
      else setResult(t('giftCard.balance', { amount: format(card.balanceCents) }));
    } catch (failure) {
      const status = errorResponse(failure)?.status;
      setProblem(t(status === 404 ? 'giftCard.notFound' : status === 429 ? 'giftCard.tooMany' : 'giftCard.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('giftCard.label')}</label>
      <div className={styles.giftCardRow}>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          value={value}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            onChange(event.target.value);
            setResult(null);
            setProblem(null);
          }}
        />
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void onCheck()}
          disabled={busy || value.trim() === ''}
        >
          {t('giftCard.check')}
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('giftCard.hint')}
      </p>
      <p role="status" className={styles.muted}>
        {result}
      </p>
      {shown && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {shown}
        </p>
      )}
    </div>
  );
}
