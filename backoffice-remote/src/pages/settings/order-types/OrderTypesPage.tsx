import type { OrderType } from '@hive/shared/schemas/backoffice/settings';
import { withAreaTexts } from '../../../i18n';
import { SETTINGS_ENDPOINT } from '../api';
import { OrderTypeForm, OrderedTypesPage, type OrderedTypesConfig } from '../ordered-types';

const config: OrderedTypesConfig<OrderType> = {
  path: '/orderTypes',
  endpoint: SETTINGS_ENDPOINT.orderTypes,
  prefix: 'settings:orderTypes',
  Form: OrderTypeForm,
};

/** Settings › Order types: Dine in, Takeaway, Delivery and the company's own, in register order. */
function OrderTypesPage() {
  return <OrderedTypesPage config={config} />;
}

export default withAreaTexts('settings', OrderTypesPage);
