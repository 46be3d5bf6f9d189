export { default } from './DiscountsPage';
