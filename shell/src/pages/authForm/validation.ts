import { LICENSES } from '@hive/shared/config';

/** Keys under `auth.errors` in the shell's texts. */
export type FieldError =
  | 'companyRequired'
  | 'companyTooLong'
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordWeak'
  | 'passwordMismatch'
  | 'licenseRequired';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): FieldError | undefined {
  const v = email.trim();
  if (!v) return 'emailRequired';
  if (!EMAIL.test(v) || v.length > 254) return 'emailInvalid';
  return undefined;
}

/** The server's rule (server/README.md): 10+ characters, not the email, two of letters/digits/symbols. */
export function passwordError(password: string, email = ''): FieldError | undefined {
  const classes = [/\p{L}/u, /\d/, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
  if (password.length < 10 || classes < 2 || password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return 'passwordWeak';
  }
  return undefined;
}

export interface SignupInput {
  company: string;
  email: string;
  password: string;
  license: string;
}

export function validateSignup(input: SignupInput): Partial<Record<keyof SignupInput, FieldError>> {
  const errors: Partial<Record<keyof SignupInput, FieldError>> = {};
  const company = input.company.trim();
  if (!company) errors.company = 'companyRequired';
  else if (company.length > 120) errors.company = 'companyTooLong';
  const email = emailError(input.email);
  if (email) errors.email = email;
  const password = passwordError(input.password, input.email);
  if (password) errors.password = password;
  if (!(LICENSES as readonly string[]).includes(input.license)) errors.license = 'licenseRequired';
  return errors;
}

export function validateNewPassword(
  password: string,
  confirm: string,
): { password?: FieldError; confirm?: FieldError } {
  const weak = passwordError(password);
  if (weak) return { password: weak };
  if (password !== confirm) return { confirm: 'passwordMismatch' };
  return {};
}
