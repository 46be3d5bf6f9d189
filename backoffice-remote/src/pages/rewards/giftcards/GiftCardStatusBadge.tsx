import type { GiftCardStatus } from '@hive/shared/schemas/backoffice/rewards';
import { Badge, type BadgeKind } from '../../../components';
import { useAreaT } from '../../../i18n';

const STATUS_BADGE: Record<GiftCardStatus, BadgeKind> = { active: 'on', expired: 'warn', void: 'off' };

/** A card's state, in the list and on its balance section. */
export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  const { t } = useAreaT('rewards');
  return <Badge kind={STATUS_BADGE[status]}>{t(`giftcards.statuses.${status}`)}</Badge>;
}
