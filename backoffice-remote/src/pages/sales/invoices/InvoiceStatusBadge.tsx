import type { InvoiceShownStatus } from '@hive/shared/schemas/backoffice/sales';
import { Badge, type BadgeKind } from '../../../components';
import { useAreaT } from '../../../i18n';

const BADGES: Record<InvoiceShownStatus, BadgeKind> = {
  draft: 'off',
  sent: 'info',
  partial: 'warn',
  paid: 'on',
  overdue: 'danger',
  void: 'off',
};

/** An invoice's state as shown (overdue and partly paid included), in the list and on its actions. */
export function InvoiceStatusBadge({ status }: { status: InvoiceShownStatus }) {
  const { t } = useAreaT('sales');
  return <Badge kind={BADGES[status]}>{t(`invoices.statuses.${status}`)}</Badge>;
}
