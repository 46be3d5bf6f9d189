export { UsersPage } from './UsersPage';
export { AccessDialog } from './AccessDialog';
