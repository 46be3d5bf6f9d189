export { AuthField, AuthForm, authFormStyles } from './AuthForm';
export { useRequestError } from './useRequestError';
