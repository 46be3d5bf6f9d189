export { default } from './ModifiersPage';
