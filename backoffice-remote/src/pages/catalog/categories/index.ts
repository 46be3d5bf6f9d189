// Lazy-loaded by the routes (its own chunk).
export { default } from './CategoriesPage';
export { CategoryForm } from './CategoryForm';
