export { default } from './LoyaltyPage';
