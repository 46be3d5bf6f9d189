export { default } from './RecurringPage';
