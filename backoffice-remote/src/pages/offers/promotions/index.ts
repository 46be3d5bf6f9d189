export { default } from './PromotionsPage';
