import { useTranslation } from 'react-i18next';
import { roleLabel } from '@hive/shared/menu';
import type { AdminAction } from '@hive/shared/schemas/admin';
import { Alert } from '@hive/shared/ui';
import { useAdminMe } from '../api';

/**
 * Tells a member whose role may not change this area that changes will be refused. The actions
 * stay visible: the server decides (a refused write answers 403 and the shell shows /unauthorized).
 */
export function ReadOnlyNote({ actions }: { actions: readonly AdminAction[] }) {
  const { t } = useTranslation('login');
  const me = useAdminMe();
  if (!me || actions.some((action) => me.rights.includes(action))) return null;
  return <Alert kind="info">{t('common.readOnly', { role: roleLabel(me.user.role) })}</Alert>;
}
