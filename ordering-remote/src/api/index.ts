export { createOrderingApi, errorResponse, forgetTokens, useOrderingApi, type OrderingApi } from './orderingApi';
