export { default } from './LaborReportPage';
