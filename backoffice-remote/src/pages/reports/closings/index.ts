// Reporting › Closings (lazy-loaded by the routes: its own chunk): the shifts, a shift's Z report
// (?shift=<id>) and its print view (/closings/print?shift=<id>).
export { default } from './ClosingsPage';
