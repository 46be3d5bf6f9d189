export { default } from './TeamSheetPage';
