// Reporting › Sales summary (lazy-loaded by the routes: its own chunk).
export { default } from './SalesSummaryPage';
