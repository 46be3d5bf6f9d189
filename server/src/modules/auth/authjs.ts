import type { ExpressAuthConfig } from '@auth/express';
import Credentials from '@auth/core/providers/credentials';
import { CredentialsSignin } from '@auth/core/errors';
import type { Session, User } from '@auth/core/types';
import { z } from 'zod';
import { AUTH_BASE_PATH, SESSION_COOKIE_MAX_AGE_S } from '@hive/shared/config';
import { hasUnsafeChars, sameOrigin } from '../../platform/http';
import type { AuthContext } from './context';
import { MAX_PASSWORD_LENGTH } from './passwords';
import { extendedExpiry, newClaims, revokeSession, validateClaims } from './session';
import {
  accessProblem,
  beginSignInAttempt,
  clientUser,
  emailKey,
  findUserByEmail,
  finishSignInAttempt,
  loadProfile,
  type UserProfile,
} from './users';

/** `code` ends up in the redirect URL (`?error=CredentialsSignin&code=...`), so keep it generic. */
export class AccountLocked extends CredentialsSignin {
  override code = 'account_locked';
}
export class AccountDisabled extends CredentialsSignin {
  override code = 'account_disabled';
}
/**
 * A suspended company (known only once the password matched): `company_suspended` for its staff
 * (their administrator can act), `company_suspended_admin` for its administrators (only Hive POS
 * support can), each with the user's language after a dot, so the sign-in page can tell them in it.
 */
export class CompanySuspended extends CredentialsSignin {
  constructor(admin: boolean, language: string) {
    super();
    this.code = `company_suspended${admin ? '_admin' : ''}.${/^[a-z]{2}$/.test(language) ? language : 'en'}`;
  }
}
/** A sign-up whose activation link has not been opened yet. */
export class AccountPending extends CredentialsSignin {
  override code = 'account_pending';
}

export const credentialsSchema = z.object({
  // No control characters: PostgreSQL rejects NUL in text outright (a 500 otherwise).
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((email) => !hasUnsafeChars(email), 'must not contain control characters'),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

type AuthorizedUser = User & { id: string; email: string; sessionVersion: number };

/**
 * Returns the user or null (-> CredentialsSignin). The attempt is counted before the password is
 * checked (users.ts beginSignInAttempt), by e-mail, so known and unknown addresses lock alike and
 * parallel guesses cannot outrun the lock. Unknown e-mails still pay for one scrypt run.
 */
async function authorize(ctx: AuthContext, credentials: unknown): Promise<AuthorizedUser | null> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const attempt = await beginSignInAttempt(ctx, email);
  if (!attempt.ok) {
    await ctx.passwords.burn(password);
    throw new AccountLocked();
  }
  const user = await findUserByEmail(ctx.db, email);
  const valid = user
    ? await ctx.passwords.verify(password, user.password_hash)
    : await ctx.passwords.burn(password).then(() => false);
  if (!user || !valid) {
    const lockedUntil = await finishSignInAttempt(ctx, email, false);
    if (lockedUntil !== null) {
      ctx.log.warn(
        { emailKey: emailKey(email).slice(0, 12), lockedUntil: new Date(lockedUntil).toISOString() },
        'sign-in locked after failed attempts',
      );
      throw new AccountLocked();
    }
    return null;
  }
  await finishSignInAttempt(ctx, email, true);
  const profile = await loadProfile(ctx.db, user.id);
  if (profile?.status === 'pending') throw new AccountPending();
  const problem = profile ? accessProblem(profile) : 'account_disabled';
  if (problem === 'company_suspended') throw new CompanySuspended(profile!.role === 'admin', profile!.language);
  if (problem !== null) throw new AccountDisabled();
  return { id: String(user.id), email: user.email, sessionVersion: user.session_version };
}

function wantsExtend(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { extend?: unknown }).extend === true;
}

/** Session payload for GET/POST /api/auth/session: the user of SPEC.md section 3 and the real expiry. */
export function sessionBody(profile: UserProfile, expiresAt: number) {
  return { user: { id: String(profile.id), ...clientUser(profile) }, expires: new Date(expiresAt).toISOString() };
}

// Rejections caused by the client (bad password, stale CSRF token, forged or old-secret cookie).
const CLIENT_ERROR_TYPES = new Set([
  'CredentialsSignin',
  'MissingCSRF',
  'AccessDenied',
  'UnknownAction',
  'InvalidCallbackUrl',
  'JWTSessionError',
]);

export function buildAuthConfig(ctx: AuthContext): ExpressAuthConfig {
  // The jwt callback loads the profile for its checks; the session callback that follows in the
  // same request reuses it, keyed by the token object, instead of storing it in the cookie.
  const profiles = new WeakMap<object, UserProfile>();
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/' };

  return {
    basePath: AUTH_BASE_PATH,
    trustHost: true,
    secret: ctx.secret,
    useSecureCookies: ctx.useSecureCookies,
    session: { strategy: 'jwt', maxAge: SESSION_COOKIE_MAX_AGE_S },
    cookies: {
      sessionToken: { options: { ...cookieOptions, maxAge: SESSION_COOKIE_MAX_AGE_S } },
      csrfToken: { options: cookieOptions },
      callbackUrl: { options: cookieOptions },
    },
    providers: [
      Credentials({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: (credentials) => authorize(ctx, credentials),
      }),
    ],
    callbacks: {
      // Only same-origin targets; anything else falls back to the site root. (The pre-check in
      // guards.ts already answered 400 INVALID_CALLBACK_URL_ERROR for such requests.)
      redirect({ url, baseUrl }) {
        if (!sameOrigin(url, baseUrl)) return baseUrl;
        return url.startsWith('/') ? `${baseUrl}${url}` : url;
      },
      async jwt({ token, user, trigger, session }) {
        if (trigger === 'signIn' && user) {
          const signedIn = user as AuthorizedUser;
          return { ...newClaims(ctx, signedIn) };
        }
        const valid = await validateClaims(ctx, token);
        if (!valid) return null; // expired, reset, locked or suspended: Auth.js clears the cookie
        const next =
          trigger === 'update' && wantsExtend(session)
            ? { ...token, sessionExpiresAt: extendedExpiry(ctx, valid.claims) }
            : token;
        profiles.set(next, valid.profile);
        return next;
      },
      session({ token }) {
        const profile = profiles.get(token);
        const expiresAt = Number(token.sessionExpiresAt);
        // The jwt callback always runs first and fills the map; this is a defensive fallback.
        if (!profile) return { expires: new Date(expiresAt).toISOString() } as Session;
        return sessionBody(profile, expiresAt) as unknown as Session;
      },
    },
    events: {
      signIn({ user }) {
        ctx.log.info({ userId: user.id }, 'signed in');
      },
      // Awaited by Auth.js before it answers: the token is dead on every instance once the
      // sign-out response arrives, whoever still holds a copy of the cookie.
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        if (token) await revokeSession(ctx, token);
        ctx.log.info({ userId: token?.sub ?? null }, 'signed out');
      },
    },
    logger: {
      error(error) {
        const type = (error as { type?: string }).type ?? error.name;
        // Wrong passwords and stale CSRF tokens are normal traffic, not server errors.
        if (CLIENT_ERROR_TYPES.has(type)) ctx.log.info({ authError: type }, 'auth rejected a request');
        else ctx.log.error({ authError: type, err: error }, 'auth error');
      },
      warn(code) {
        ctx.log.warn({ authWarning: code }, 'auth warning');
      },
      debug() {},
    },
  };
}
