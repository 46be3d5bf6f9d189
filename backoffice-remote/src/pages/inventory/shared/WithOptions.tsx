import type { ReactNode } from 'react';
import { Alert, Button } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useInventoryOptions, type InventoryOptions } from './options';

/**
 * Renders a form once its choices are loaded, so a select shows the record's value from the start
 * (a select cannot hold a value it has no option for yet).
 */
export function WithOptions<T extends object = InventoryOptions>({
  page,
  children,
}: {
  page: string;
  children: (options: T) => ReactNode;
}) {
  const { t } = useAreaT('inventory');
  const failure = useFailureMessage();
  const options = useInventoryOptions<T>(page);
  if (options.error) {
    return (
      <Alert kind="error" action={<Button onClick={options.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(options.error)}
      </Alert>
    );
  }
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <>{children(options.data)}</>;
}
