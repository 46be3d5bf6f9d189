// Inventory › Production orders (lazy-loaded by the routes: its own chunk).
export { default } from './ProductionOrdersPage';
