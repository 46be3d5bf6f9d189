// Inventory › Production templates (lazy-loaded by the routes: its own chunk).
export { default } from './TemplatesPage';
