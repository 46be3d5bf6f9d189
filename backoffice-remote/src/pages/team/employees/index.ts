// Team › Employees (lazy-loaded by the routes: its own chunk).
export { default } from './EmployeesPage';
