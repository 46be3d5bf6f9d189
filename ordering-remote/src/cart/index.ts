export * from './cart';
export { useCart, type CartApi } from './useCart';
