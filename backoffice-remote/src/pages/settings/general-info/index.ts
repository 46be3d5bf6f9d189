// Settings › General information (lazy-loaded by the routes: its own chunk).
export { default } from './GeneralInfoPage';
