// Lazy-loaded by the routes (its own chunk).
export { default } from './CustomersPage';
export { CustomerForm } from './CustomerForm';
