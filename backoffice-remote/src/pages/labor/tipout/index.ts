export { default } from './TipOutPage';
