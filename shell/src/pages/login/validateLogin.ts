export interface LoginErrors {
  email?: 'emailRequired' | 'emailInvalid';
  password?: 'passwordRequired';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Per-field checks before anything is sent; the keys are i18n keys under `login.errors`. */
export function validateLogin({ email, password }: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'emailRequired';
  else if (!EMAIL.test(trimmed)) errors.email = 'emailInvalid';
  if (!password) errors.password = 'passwordRequired';
  return errors;
}
