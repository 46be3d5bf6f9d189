// Lazy-loaded by the routes (its own chunk).
export { default } from './ItemsPage';
export { ItemForm } from './ItemForm';
