export { SupportPage } from './SupportPage';
export { TicketPage } from './TicketPage';
export { OutboxPage } from './OutboxPage';
