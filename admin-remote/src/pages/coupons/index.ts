export { CouponsPage } from './CouponsPage';
export { CouponDialog } from './CouponDialog';
