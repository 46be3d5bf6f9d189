// Reporting › Sales per day (lazy-loaded by the routes: its own chunk; recharts in a chunk of its own).
export { default } from './SalesPerDayPage';
