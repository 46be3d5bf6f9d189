export { UnauthorizedPage } from './UnauthorizedPage';
export { SessionExpiredPage } from './SessionExpiredPage';
export { LoginPage } from './login/LoginPage';
export { StatusPage } from './StatusPage';
export { SignupPage } from './signup/SignupPage';
export { ResetPassPage } from './resetpass/ResetPassPage';
