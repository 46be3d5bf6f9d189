export { NotAvailablePage } from './NotAvailablePage';
