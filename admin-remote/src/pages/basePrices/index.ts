export { BasePricesPage } from './BasePricesPage';
export { PriceDialog } from './PriceDialog';
