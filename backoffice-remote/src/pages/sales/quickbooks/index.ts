export { default } from './QuickBooksPage';
