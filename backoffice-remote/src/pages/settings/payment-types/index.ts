// Settings › Payment types (lazy-loaded by the routes: its own chunk).
export { default } from './PaymentTypesPage';
