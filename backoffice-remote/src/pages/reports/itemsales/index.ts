// Reporting › Item sales (lazy-loaded by the routes: its own chunk).
export { default } from './ItemSalesPage';
