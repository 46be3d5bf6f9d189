import { useTranslation } from 'react-i18next';
import styles from './StatusBadge.module.css';

const TONES: Record<string, string> = {
  active: 'good',
  open: 'warn',
  pending: 'warn',
  suspended: 'bad',
  locked: 'bad',
  rejected: 'bad',
  closed: 'muted',
  inactive: 'muted',
  // The outbox (pending is shared above).
  sent: 'good',
  sending: 'warn',
  failed: 'bad',
  held: 'muted',
};

/** A status word with a colour; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('login');
  const tone = TONES[status] ?? 'muted';
  return <span className={`${styles.badge} ${styles[tone]}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
