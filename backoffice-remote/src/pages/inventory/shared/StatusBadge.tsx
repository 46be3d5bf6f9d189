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

/** A document's state in words (Draft, Ordered, In transit...). */
export function StatusBadge({ status }: { status: PurchaseOrderStatus | TransferStatus }) {
  const { t } = useAreaT('inventory');
  return <Badge kind={KIND[status]}>{t(`status.${status}`)}</Badge>;
}
