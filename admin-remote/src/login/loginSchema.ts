import { z } from 'zod';

/** Field checks before anything is sent; the messages are i18n keys under `login.errors`. */
export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'emailRequired')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'emailInvalid'),
  password: z.string().min(1, 'passwordRequired'),
});
export type LoginValues = z.input<typeof loginSchema>;

/** The sentence key for a failed sign-in (SignInResult.error of the shell contract). */
export function signInErrorKey(error: string | null, retryAfterSeconds?: number): string {
  if (error === 'AccountLocked') return retryAfterSeconds ? 'AccountLocked' : 'AccountLockedNow';
  if (error && ['CredentialsSignin', 'AccountDisabled', 'Throttled', 'Network'].includes(error)) return error;
  return 'generic';
}
