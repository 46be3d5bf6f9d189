// Settings › Price levels (lazy-loaded by the routes: its own chunk).
export { default } from './PriceLevelsPage';
export { PriceLevelForm } from './PriceLevelForm';
