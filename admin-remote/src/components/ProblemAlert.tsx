import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@hive/shared/ui';
import { describeProblem } from '../api';

/** A request's failure in the user's language, with "Try again" when `onRetry` is given. */
export function ProblemAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('login');
  return (
    <Alert
      kind="error"
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {describeProblem(t, error)}
    </Alert>
  );
}
