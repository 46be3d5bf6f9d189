// Devices › Remote printing (lazy-loaded by the routes: its own chunk).
export { default } from './RemotePrintPage';
