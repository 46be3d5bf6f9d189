export { default } from './PayrollReportPage';
