// Reporting › Stock movements (lazy-loaded by the routes: its own chunk).
export { default } from './StockMovementsPage';
