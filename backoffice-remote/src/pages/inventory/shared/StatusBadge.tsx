import type { PurchaseOrderStatus, TransferStatus } from '@hive/shared/schemas/backoffice/inventory';
import { Badge, type BadgeKind } from '../../../components';
import { useAreaT } from '../../../i18n';

const KIND: Record<PurchaseOrderStatus | TransferStatus, BadgeKind> = {
  draft: 'info',
  ordered: 'warn',
  partially_received: 'warn',
  in_transit: 'warn',
  received: 'on',
  cancelled: 'off',
};

/**
 * A document's state in words (Draft, Ordered, In transit...). A purchase order closed short is
 * "Closed short", not "Received": part of it never came.
 */
export function StatusBadge({
  status,
  closedShort = false,
}: {
  status: PurchaseOrderStatus | TransferStatus;
  closedShort?: boolean;
}) {
  const { t } = useAreaT('inventory');
  if (closedShort) return <Badge kind="warn">{t('status.closed_short')}</Badge>;
  return <Badge kind={KIND[status]}>{t(`status.${status}`)}</Badge>;
}
