export { default } from './GiftCardsPage';
