import type { RecurringStatus } from '@hive/shared/schemas/backoffice/sales';
import { Badge, type BadgeKind } from '../../../components';
import { useAreaT } from '../../../i18n';

const BADGES: Record<RecurringStatus, BadgeKind> = { active: 'on', paused: 'warn', ended: 'off' };

/** A template's state, in the list and on its form. */
export function RecurringStatusBadge({ status }: { status: RecurringStatus }) {
  const { t } = useAreaT('sales');
  return <Badge kind={BADGES[status]}>{t(`recurring.statuses.${status}`)}</Badge>;
}
