// Team › Scheduling › Schedule (lazy-loaded by the routes: its own chunk).
export { default } from './SchedulePage';
