// The list-with-order page shared by Settings › Order types and Settings › Payment types.
export { OrderedTypesPage } from './OrderedTypesPage';
export type { OrderedType, OrderedTypesConfig } from './OrderedTypesPage';
export { OrderTypeForm, PaymentTypeForm } from './OrderedTypeForm';
