// Customers (menu area "customers").
export { customersRouter } from './customers';
