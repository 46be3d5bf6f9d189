// Settings › Taxes (lazy-loaded by the routes: its own chunk).
export { default } from './TaxesPage';
export { TaxRateForm } from './TaxRateForm';
