// Devices › Terminal log (lazy-loaded by the routes: its own chunk).
export { default } from './TerminalLogPage';
