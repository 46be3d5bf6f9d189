export { default } from './InvoicesPage';
