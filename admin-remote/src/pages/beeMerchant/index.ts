export { BeeMerchantPage } from './BeeMerchantPage';
export { RejectDialog } from './RejectDialog';
