export { UnauthorizedPage } from './UnauthorizedPage';
export { SessionExpiredPage } from './SessionExpiredPage';
export { LoginPage } from './login/LoginPage';
export { StatusPage } from './StatusPage';
