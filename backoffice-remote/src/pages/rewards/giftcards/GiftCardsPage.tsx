import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { maskGiftCardNumber, type GiftCard } from '@hive/shared/schemas/backoffice/rewards';
import { useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { GiftCardForm } from './GiftCardForm';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';
import { REWARDS_ENDPOINT } from '../api';

type Sort = 'card' | 'customer' | 'balance' | 'expiresOn' | 'issuedAt';

function useGiftCardColumns(): ColumnDef<GiftCard, unknown>[] {
  const { t } = useAreaT('rewards');
  const format = useCentsFormat();
  return useMemo<ColumnDef<GiftCard, unknown>[]>(
    () => [
      { id: 'card', header: t('giftcards.columns.card'), cell: ({ row }) => maskGiftCardNumber(row.original.last4) },
      {
        id: 'customer',
        header: t('giftcards.fields.customer'),
        cell: ({ row }) => row.original.customer?.name ?? t('giftcards.noCustomer'),
      },
      {
        id: 'balance',
        header: t('giftcards.columns.balance'),
        meta: { align: 'right' },
        cell: ({ row }) => format.cents(row.original.balanceCents),
      },
      {
        id: 'expiresOn',
        header: t('giftcards.fields.expiresOn'),
        cell: ({ row }) => row.original.expiresOn ?? t('giftcards.noExpiry'),
      },
      {
        id: 'issuedAt',
        header: t('giftcards.columns.issuedAt'),
        cell: ({ row }) => format.date(row.original.issuedAt),
      },
      {
        id: 'status',
        header: t('giftcards.columns.status'),
        enableSorting: false,
        cell: ({ row }) => <GiftCardStatusBadge status={row.original.status} />,
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<GiftCard, Sort> = {
  path: '/giftcards',
  endpoint: REWARDS_ENDPOINT.giftCards,
  prefix: 'rewards:giftcards',
  sorts: ['card', 'customer', 'balance', 'expiresOn', 'issuedAt'],
  defaultSort: 'issuedAt',
  useColumns: useGiftCardColumns,
  rowName: (card) => maskGiftCardNumber(card.last4),
  recordTitle: (card) => maskGiftCardNumber(card.last4),
  Form: GiftCardForm,
  described: true,
  // A card is never deleted: its history stays (void it instead).
  canDelete: () => false,
  local: {
    text: (card) => `${card.last4} ${card.customer?.name ?? ''} ${card.note}`,
    value: (card, sort) => {
      switch (sort) {
        case 'card':
          return card.last4;
        case 'customer':
          return card.customer?.name ?? '';
        case 'balance':
          return card.balanceCents;
        case 'expiresOn':
          return card.expiresOn ?? '9999-12-31';
        case 'issuedAt':
          return card.issuedAt;
      }
    },
  },
};

function GiftCardsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('rewards', GiftCardsPage);
