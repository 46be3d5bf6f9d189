export { AuthField, AuthForm, authFormStyles } from './AuthForm';
