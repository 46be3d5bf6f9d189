// Reporting › Tax report (lazy-loaded by the routes: its own chunk).
export { default } from './TaxReportPage';
