// Reporting › Cash movements (lazy-loaded by the routes: its own chunk).
export { default } from './CashMovementsPage';
