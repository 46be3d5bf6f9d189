export { AdminLogin } from './AdminLogin';
export { loginSchema, signInErrorKey } from './loginSchema';
export type { LoginValues } from './loginSchema';
