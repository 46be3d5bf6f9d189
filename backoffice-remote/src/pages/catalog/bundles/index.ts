export { default } from './BundlesPage';
