export { default } from './PriceListsPage';
