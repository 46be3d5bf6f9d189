// Lazy-loaded by the routes (its own chunk); the chart (recharts) is a further chunk of its own.
export { default } from './OverviewPage';
