import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { PaymentType } from '@hive/shared/schemas/backoffice/settings';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { SETTINGS_ENDPOINT } from '../api';
import { OrderedTypesPage, PaymentTypeForm, type OrderedTypesConfig } from '../ordered-types';

function useCashColumn(): ColumnDef<PaymentType, unknown>[] {
  const { t } = useAreaT('settings');
  return useMemo<ColumnDef<PaymentType, unknown>[]>(
    () => [
      {
        id: 'cashLike',
        header: t('paymentTypes.columns.cashLike'),
        enableSorting: false,
        cell: ({ row }) => (row.original.cashLike ? t('common:common.yes') : t('common:common.no')),
      },
    ],
    [t],
  );
}

const config: OrderedTypesConfig<PaymentType> = {
  path: '/paymentType',
  endpoint: SETTINGS_ENDPOINT.paymentTypes,
  prefix: 'settings:paymentTypes',
  Form: PaymentTypeForm,
  useExtraColumns: useCashColumn,
};

/** Settings › Payment types: Cash, Card, Gift card, Other and the company's own, in register order. */
function PaymentTypesPage() {
  return <OrderedTypesPage config={config} />;
}

export default withAreaTexts('settings', PaymentTypesPage);
