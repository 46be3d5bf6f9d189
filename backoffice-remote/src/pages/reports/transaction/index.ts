// Reporting › Transactions (lazy-loaded by the routes: its own chunk): the receipts, a receipt's
// detail (?receipt=<id>) and its reprint view (/transaction/print?receipt=<id>).
export { default } from './TransactionsPage';
