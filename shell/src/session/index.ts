export { bootSession, loadUserData, type SessionStatus } from './bootSession';
