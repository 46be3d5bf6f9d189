import { useTranslation } from 'react-i18next';
import styles from './releases.module.css';

const TONES: Record<string, string> = {
  active: 'good',
  canary: 'warn',
  registered: 'info',
  rolled_back: 'bad',
  retired: 'quiet',
};

/** A release's state in words (the colour only repeats them). */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('login');
  return (
    <span className={`${styles.badge} ${styles[TONES[state] ?? 'quiet']}`}>
      {t(`releases.state.${state}`, { defaultValue: state })}
    </span>
  );
}
