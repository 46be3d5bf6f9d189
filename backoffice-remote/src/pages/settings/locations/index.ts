// Settings › Locations (lazy-loaded by the routes: its own chunk).
export { default } from './LocationsPage';
export { LocationForm } from './LocationForm';
