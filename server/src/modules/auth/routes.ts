import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { LANGUAGES, LICENSES, type Language } from '@hive/shared/config';
import {
  TAX_MODES,
  countryDefaults,
  isCountryCode,
  isTimeZone,
  supportedCurrencies,
} from '@hive/shared/schemas/countries';
import { isUniqueViolation } from '../../platform/db';
import { ACCESS_CHANGED_HEADER, PLAN_CHANGED_HEADER, markPlanSeen } from './planVersion';
import { createCompanyWithOwner, deleteCompany } from '../companies';
import { HttpError, hasUnsafeChars, parseOrThrow, rateLimit, requireJson, tooMany } from '../../platform/http';
import type { CompanyLocaleChoice } from '../../module';
import type { AuthContext } from './context';
import { consumeEmailToken, issueActivation, issueResetToken, mailExistingAccount, tokenHash } from './emailTokens';
import { passwordProblem } from './passwords';
import { readSession } from './session';
import { clearSignInLock, emailKey, findUserByEmail, normalizeEmail, userCompanyBody } from './users';
import { insertUser } from './userWrites';

export { issueResetToken } from './emailTokens';

const UNAUTHORIZED = { success: false, error: 'unauthorized', message: 'Sign in first: there is no valid session.' };

const emailField = z
  .string()
  .trim()
  .min(3, 'enter an e-mail address')
  .max(254)
  .pipe(z.email('enter a valid e-mail address'));

// `{}` or nothing: usercompany takes its credentials from the session, never from the body.
const userCompanyBody_ = z.union([z.undefined(), z.looseObject({})]);
const langChangeBody = z.object({ lang: z.enum(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`) });
const signupBody = z.object({
  company: z
    .string()
    .trim()
    .min(2, 'enter the company name (at least 2 characters)')
    .max(100, 'must be at most 100 characters')
    .refine((name) => !hasUnsafeChars(name), 'must not contain control characters'),
  email: emailField,
  password: z.string().max(200, 'must be at most 200 characters'),
  license: z
    .string()
    .transform((value) => LICENSES.find((name) => name.toLowerCase() === value.trim().toLowerCase()))
    .refine((value) => value !== undefined, `must be one of ${LICENSES.join(', ')}`),
  // The language the form was filled in: the company's and the owner's, and so its seeded names'.
  language: z.enum(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`).default('en'),
  // The business's country; its currency, zone and tax mode are proposed from it (sent as the form
  // shows them). Without a country: USD, UTC and tax added, as before countries were asked.
  country: z
    .string('must be a country code such as ES or US')
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'must be a country code such as ES or US')
    .optional(),
  currency: z
    .string('must be a currency with cents, such as EUR or USD')
    .trim()
    .toUpperCase()
    .refine((code) => supportedCurrencies().includes(code), 'must be a currency with cents, such as EUR or USD')
    .optional(),
  timezone: z
    .string('must be a time zone such as Europe/Madrid')
    .trim()
    .refine(isTimeZone, 'must be a time zone such as Europe/Madrid')
    .optional(),
  taxMode: z.enum(TAX_MODES, `must be one of ${TAX_MODES.join(', ')}`).optional(),
});

/** The country's proposals for whatever the sign-up left out; nothing without a country. */
function localeChoice(input: z.output<typeof signupBody>): CompanyLocaleChoice | undefined {
  if (input.country === undefined) {
    if (input.currency === undefined && input.timezone === undefined && input.taxMode === undefined) return undefined;
    return {
      country: '',
      currency: input.currency ?? 'USD',
      timezone: input.timezone ?? 'UTC',
      taxMode: input.taxMode ?? 'added',
    };
  }
  const proposed = countryDefaults(input.country);
  return {
    country: input.country,
    currency: input.currency ?? proposed?.currency ?? 'USD',
    timezone: input.timezone ?? proposed?.timezone ?? 'UTC',
    taxMode: input.taxMode ?? proposed?.taxMode ?? 'added',
  };
}
const resetRequestBody = z.object({ email: emailField });
const activateBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the activation link is malformed') });
const resetConfirmBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the reset link is malformed'),
  password: z.string().max(200, 'must be at most 200 characters'),
});
const logBody = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  code: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits and _ . : - only (at most 100)'),
  message: z.string().max(2000),
  url: z.string().max(2000).optional(),
  meta: z.string().max(4000).optional(),
});

const RESET_REQUEST_RESPONSE = {
  success: true,
  message: 'If an account exists for this e-mail address, we have sent it a link to choose a new password.',
};

export function customAuthRoutes(ctx: AuthContext): Router {
  const router = express.Router();
  // JSON only, per route: Auth.js's own routes under the same base path are form-encoded.
  const json = requireJson();
  router.post('/usercompany', json, async (req, res) => {
    parseOrThrow(userCompanyBody_, req.body);
    const session = await readSession(ctx, req);
    if (!session) throw new HttpError(401, UNAUTHORIZED);
    // This is the reload that picks up a changed plan: record it and clear the signal (admin/plan).
    await markPlanSeen(ctx.db, session.profile, ctx.now());
    res.removeHeader(PLAN_CHANGED_HEADER);
    res.removeHeader(ACCESS_CHANGED_HEADER);
    res.set('Cache-Control', 'no-store').json(userCompanyBody(session.profile));
  });

  router.post('/langchange', json, async (req, res) => {
    const { lang } = parseOrThrow(langChangeBody, req.body);
    const session = await readSession(ctx, req);
    if (!session) throw new HttpError(401, UNAUTHORIZED);
    await ctx.db
      .updateTable('users')
      .set({ language: lang, updated_at: ctx.now() })
      .where('id', '=', session.profile.id)
      .execute();
    res.json({ success: true, lang });
  });

  /*
   * Sign-up answers the same whether or not the address already has an account (no account
   * enumeration): a new address gets a pending company and an activation link; a registered one
   * gets an e-mail saying so. Both branches hash the password once, so they take the same time.
   */
  router.post('/signup', json, rateLimit(ctx.limiters.signup, 'sign-ups'), async (req, res) => {
    const input = parseOrThrow(signupBody, req.body);
    const email = normalizeEmail(input.email);
    const problem = passwordProblem(input.password, email);
    if (problem) {
      throw new HttpError(400, {
        error: 'validation_error',
        message: `password: ${problem}`,
        fields: { password: problem },
      });
    }
    const passwordHash = await ctx.passwords.hash(input.password);
    // Per target: a victim's inbox cannot be filled from many addresses.
    const perEmail = await ctx.limiters.signupPerEmail.consume(emailKey(email));
    if (perEmail.allowed)
      await registerOrRemind(ctx, {
        company: input.company,
        language: input.language,
        license: input.license!,
        locale: localeChoice(input),
        email,
        passwordHash,
      });
    else ctx.log.info({ emailKey: emailKey(email).slice(0, 12) }, 'sign-up e-mail skipped: per-address limit');
    res.status(202).json(SIGNUP_RESPONSE);
  });

  router.post('/signup/activate', json, rateLimit(ctx.limiters.resetpass, 'activation attempts'), async (req, res) => {
    const { token } = parseOrThrow(activateBody, req.body);
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const userId = await consumeEmailToken(trx, token, 'activate', now);
      if (userId === null) throw invalidLink('activation');
      await trx
        .updateTable('users')
        .set({ status: 'active', updated_at: now })
        .where('id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
    });
    res.json({ success: true, message: 'Your account is active. Sign in with your e-mail address and password.' });
  });

  router.post('/resetpass', json, rateLimit(ctx.limiters.resetpass, 'password reset requests'), async (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    const isConfirm = typeof body === 'object' && body !== null && ('token' in body || 'password' in body);
    if (!isConfirm) {
      const email = normalizeEmail(parseOrThrow(resetRequestBody, body).email);
      // Per account: however many addresses ask, one inbox gets a few links an hour.
      const perAccount = await ctx.limiters.resetPerAccount.consume(emailKey(email));
      if (perAccount.allowed) await issueResetToken(ctx, email);
      else ctx.log.info({ emailKey: emailKey(email).slice(0, 12) }, 'reset e-mail skipped: per-account limit');
      // Same body whether or not the address has an account, or the link went out.
      res.json(RESET_REQUEST_RESPONSE);
      return;
    }
    const { token, password } = parseOrThrow(resetConfirmBody, body);
    await confirmReset(ctx, token, password);
    res.json({ success: true, message: 'Your password has been changed. Sign in with the new password.' });
  });

  return router;
}

const invalidLink = (what: 'reset' | 'activation') =>
  new HttpError(400, {
    success: false,
    error: 'invalid_token',
    message:
      what === 'reset'
        ? 'This reset link is invalid, already used or expired. Ask for a new one.'
        : 'This activation link is invalid, already used or expired. Sign up again to get a new one.',
  });

const SIGNUP_RESPONSE = {
  success: true,
  message: 'Check your e-mail: we sent a link to activate the account. It is valid for 24 hours.',
};

/** The sign-up's work behind the alike answer: a pending company, or a reminder to the owner. */
async function registerOrRemind(
  ctx: AuthContext,
  input: {
    company: string;
    email: string;
    license: string;
    passwordHash: string;
    language: Language;
    locale: CompanyLocaleChoice | undefined;
  },
): Promise<void> {
  const now = ctx.now();
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && existing.status !== 'pending') {
    await mailExistingAccount(ctx, existing.email);
    return;
  }
  try {
    const created = await createCompanyWithOwner(
      ctx.db,
      {
        name: input.company,
        license: input.license,
        language: input.language,
        locale: input.locale,
        owner: { email: input.email, passwordHash: input.passwordHash, status: 'pending' },
        now,
      },
      ctx.companySetup,
      {
        insertOwner: insertUser,
        // A sign-up never activated (perhaps by someone else) gives way to the one who proves the address.
        before: async (trx) => {
          if (existing?.company_id != null) await deleteCompany(trx, existing.company_id);
          else if (existing) await trx.deleteFrom('users').where('id', '=', existing.id).execute();
        },
      },
    );
    await issueActivation(ctx, { id: created.userId, email: input.email });
    ctx.log.info({ userId: created.userId, companyId: created.companyId }, 'signed up (pending activation)');
  } catch (error) {
    // A parallel sign-up with the same e-mail won the race: the address is registered now.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(ctx.db, input.email);
    if (winner) await mailExistingAccount(ctx, winner.email);
  }
}

async function confirmReset(ctx: AuthContext, token: string, password: string): Promise<void> {
  const now = ctx.now();
  const reset = await ctx.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id as user_id', 'users.email', 'password_resets.used_at', 'password_resets.expires_at'])
    .where('password_resets.token_hash', '=', tokenHash(token))
    .where('password_resets.purpose', '=', 'reset')
    .executeTakeFirst();
  if (!reset || reset.used_at !== null || reset.expires_at <= now) throw invalidLink('reset');
  const problem = passwordProblem(password, reset.email);
  if (problem)
    throw new HttpError(400, {
      error: 'validation_error',
      message: `password: ${problem}`,
      fields: { password: problem },
    });

  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.transaction().execute(async (trx) => {
    // Single use even with two requests racing on one token (a conditional update inside).
    const userId = await consumeEmailToken(trx, token, 'reset', now);
    if (userId === null) throw invalidLink('reset');
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        session_version: eb('session_version', '+', 1), // ends every existing session
        updated_at: now,
      }))
      .where('id', '=', userId)
      .execute();
    await clearSignInLock(trx, reset.email);
  });
  ctx.log.info({ userId: reset.user_id }, 'password reset');
}

/**
 * `POST /api/auth/_log`: client logs into the structured server log. Own 8 kB parsers. Limited per
 * address (messages and bytes) and for the whole service (bytes), so no client, whatever address
 * it claims, can fill the log.
 */
export function clientLogRoute(ctx: AuthContext): RequestHandler[] {
  const volume: RequestHandler = async (req, _res, next) => {
    const bytes = Math.max(1, Number(req.get('content-length')) || 0);
    for (const [limiter, key, scope] of [
      [ctx.limiters.logBytes, req.ip ?? 'unknown', 'from this address'],
      [ctx.limiters.logBytesTotal, 'all', 'for the service right now'],
    ] as const) {
      const result = await limiter.consume(key, bytes);
      if (!result.allowed) throw tooMany('log messages', result.retryAfter, scope);
    }
    next();
  };
  const handler: RequestHandler = (req, res) => {
    const entry = parseOrThrow(logBody, req.body);
    ctx.log[entry.level](
      { source: 'client', clientCode: entry.code, clientUrl: entry.url, meta: entry.meta, ip: req.ip },
      `client: ${entry.message}`,
    );
    res.status(204).end();
  };
  return [
    rateLimit(ctx.limiters.log, 'log messages'),
    volume,
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }),
    express.json({ limit: '8kb' }),
    handler,
  ];
}
