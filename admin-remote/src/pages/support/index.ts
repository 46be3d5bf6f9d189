export { SupportPage } from './SupportPage';
export { TicketPage } from './TicketPage';
