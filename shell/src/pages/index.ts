export { UnauthorizedPage } from './UnauthorizedPage';
export { SessionExpiredPage } from './SessionExpiredPage';
export { LoginPage } from './login/LoginPage';
export { StatusPage } from './StatusPage';
// SignupPage, ResetPassPage and AuthErrorPage are loaded lazily by the router (app/routes.tsx).
