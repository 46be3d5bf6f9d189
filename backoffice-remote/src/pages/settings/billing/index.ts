// Settings › Billing (lazy-loaded by the routes: its own chunk).
export { default } from './BillingPage';
