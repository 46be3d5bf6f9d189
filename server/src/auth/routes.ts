import { createHash, randomBytes } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { LANGUAGES, LICENSES, PRODUCT_NAME, ROUTES } from '@hive/shared/config';
import { isUniqueViolation } from '../db';
import { PLAN_CHANGED_HEADER, markPlanSeen } from '../admin/plan/planVersion';
import { HttpError, addressRateLimit, hasUnsafeChars, parseOrThrow, requestOrigin } from '../http';
import { RESET_TOKEN_LIFETIME_MS, type AuthContext } from './context';
import { passwordProblem } from './passwords';
import { readSession } from './session';
import { findUserByEmail, normalizeEmail, userCompanyBody } from './users';

const UNAUTHORIZED = { success: false, error: 'unauthorized', message: 'Sign in first: there is no valid session.' };

/**
 * Browsers send Origin on every cross-site POST; refusing a foreign one is cheap CSRF defence
 * for these JSON routes (the session cookie is SameSite=Strict as well). Non-browser clients
 * send no Origin and pass.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== requestOrigin(req)) {
    throw new HttpError(403, {
      success: false,
      error: 'forbidden_origin',
      message: 'Cross-origin requests are not accepted here.',
    });
  }
  next();
};

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
});
const resetRequestBody = z.object({ email: emailField });
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

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || 'company';
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const RESET_REQUEST_RESPONSE = {
  success: true,
  message: 'If an account exists for this e-mail address, we have sent it a link to choose a new password.',
};

export function customAuthRoutes(ctx: AuthContext): Router {
  const router = express.Router();
  router.post('/usercompany', sameOriginOnly, async (req, res) => {
    parseOrThrow(userCompanyBody_, req.body);
    const session = await readSession(ctx, req);
    if (!session) throw new HttpError(401, UNAUTHORIZED);
    // This is the reload that picks up a changed plan: record it and clear the signal (admin/plan).
    await markPlanSeen(ctx.db, session.profile, ctx.now());
    res.removeHeader(PLAN_CHANGED_HEADER);
    res.set('Cache-Control', 'no-store').json(userCompanyBody(session.profile));
  });

  router.post('/langchange', sameOriginOnly, async (req, res) => {
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

  router.post('/signup', sameOriginOnly, addressRateLimit(ctx.rateLimits.signup, 'sign-ups'), async (req, res) => {
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
    const duplicate = () =>
      new HttpError(409, {
        success: false,
        error: 'email_taken',
        message: 'An account with this e-mail address already exists.',
      });
    if (await findUserByEmail(ctx.db, email)) throw duplicate();

    const passwordHash = await ctx.passwords.hash(input.password);
    const now = ctx.now();
    const created = await (async () => {
      // Two attempts: the second covers a slug taken by a parallel signup between check and insert.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          return await ctx.db.transaction().execute(async (trx) => {
            const base = slugify(input.company);
            const taken = new Set(
              (
                await trx
                  .selectFrom('companies')
                  .select('slug')
                  .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
                  .execute()
              ).map((row) => row.slug),
            );
            let slug = base;
            for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
            if (attempt > 0) slug = `${base}-${randomBytes(3).toString('hex')}`;

            const company = await trx
              .insertInto('companies')
              .values({
                name: input.company,
                slug,
                license: input.license!,
                language: 'en',
                status: 'active',
                created_at: now,
              })
              .returning(['id', 'name', 'slug', 'license'])
              .executeTakeFirstOrThrow();
            const user = await trx
              .insertInto('users')
              .values({
                email,
                password_hash: passwordHash,
                is_admin: 0,
                role: 'admin',
                company_id: company.id,
                language: 'en',
                status: 'active',
                failed_logins: 0,
                session_version: 0,
                created_at: now,
                updated_at: now,
              })
              .returning(['id', 'email'])
              .executeTakeFirstOrThrow();
            const permissions = await trx
              .selectFrom('permissions')
              .select('id_permission')
              .where('scope', '=', 'backoffice')
              .execute();
            if (permissions.length > 0) {
              await trx
                .insertInto('user_permissions')
                .values(permissions.map((p) => ({ user_id: user.id, id_permission: p.id_permission })))
                .execute();
            }
            return { company, user };
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await findUserByEmail(ctx.db, email)) throw duplicate();
        }
      }
      throw new HttpError(409, {
        success: false,
        error: 'conflict',
        message: 'Could not create the company, please try again.',
      });
    })();

    ctx.log.info({ userId: created.user.id, companyId: created.company.id }, 'signed up');
    res.status(201).json({
      success: true,
      user: { user_id: created.user.id, email: created.user.email, role: 'admin' },
      company: { name: created.company.name, slug: created.company.slug },
      license: { name: created.company.license },
    });
  });

  router.post(
    '/resetpass',
    sameOriginOnly,
    addressRateLimit(ctx.rateLimits.resetpass, 'password reset requests'),
    async (req, res) => {
      const body = req.body as Record<string, unknown> | undefined;
      const isConfirm = typeof body === 'object' && body !== null && ('token' in body || 'password' in body);
      if (!isConfirm) {
        const { email } = parseOrThrow(resetRequestBody, body);
        await issueResetToken(ctx, normalizeEmail(email));
        // Same body whether or not the address has an account.
        res.json(RESET_REQUEST_RESPONSE);
        return;
      }
      const { token, password } = parseOrThrow(resetConfirmBody, body);
      await confirmReset(ctx, token, password);
      res.json({ success: true, message: 'Your password has been changed. Sign in with the new password.' });
    },
  );

  return router;
}

/** Also used by the admin console (reset link, company owner invitation). */
export async function issueResetToken(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  const path = `${ROUTES.authResetpass}?token=${token}`;
  const link = ctx.publicUrl ? `${ctx.publicUrl}${path}` : path;
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    `Someone asked to reset the password of the ${PRODUCT_NAME} account for ${user.email}.`,
    '',
    `Open this link within ${RESET_TOKEN_LIFETIME_MS / 60_000} minutes to choose a new password:`,
    link,
    '',
    'If you did not ask for this, ignore this message: your password stays the same.',
  ].join('\n');
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest link works: older unused ones are retired.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: now + RESET_TOKEN_LIFETIME_MS,
        used_at: null,
        created_at: now,
      })
      .execute();
    await trx.insertInto('outbox').values({ to_address: user.email, subject, body: text, created_at: now }).execute();
  });
  if (!ctx.production) {
    // Development has no mail server: the link is printed so a developer can follow it.
    ctx.log.info({ to: user.email, subject, link }, 'outbox: password reset e-mail (development only)');
  }
}

async function confirmReset(ctx: AuthContext, token: string, password: string): Promise<void> {
  const invalid = () =>
    new HttpError(400, {
      success: false,
      error: 'invalid_token',
      message: 'This reset link is invalid, already used or expired. Ask for a new one.',
    });
  const now = ctx.now();
  const reset = await ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!reset || reset.used_at !== null || reset.expires_at <= now) throw invalid();
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', reset.user_id)
    .executeTakeFirst();
  if (!user) throw invalid();
  const problem = passwordProblem(password, user.email);
  if (problem)
    throw new HttpError(400, {
      error: 'validation_error',
      message: `password: ${problem}`,
      fields: { password: problem },
    });

  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.transaction().execute(async (trx) => {
    // Conditional update = single use even with two requests racing on one token.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalid();
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        session_version: eb('session_version', '+', 1), // ends every existing session
        failed_logins: 0,
        last_failed_at: null,
        locked_until: null,
        updated_at: now,
      }))
      .where('id', '=', user.id)
      .execute();
  });
  ctx.log.info({ userId: user.id }, 'password reset');
}

/** `POST /api/auth/_log`: client logs into the structured server log. Own 8 kB parsers. */
export function clientLogRoute(ctx: AuthContext): RequestHandler[] {
  const handler: RequestHandler = (req, res) => {
    const entry = parseOrThrow(logBody, req.body);
    ctx.log[entry.level](
      { source: 'client', clientCode: entry.code, clientUrl: entry.url, meta: entry.meta, ip: req.ip },
      `client: ${entry.message}`,
    );
    res.status(204).end();
  };
  return [
    sameOriginOnly,
    addressRateLimit(ctx.rateLimits.log, 'log messages'),
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }),
    express.json({ limit: '8kb' }),
    handler,
  ];
}

/** `GET /api/dev/outbox?to=`: lets e2e tests read reset links. Mounted only outside production. */
export function devOutboxRoute(ctx: AuthContext): RequestHandler {
  const query = z.object({ to: emailField.optional() });
  return async (req, res) => {
    const { to } = parseOrThrow(query, req.query);
    let select = ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(50);
    if (to) select = select.where('to_address', '=', normalizeEmail(to));
    const rows = await select.execute();
    res.set('Cache-Control', 'no-store').json({
      messages: rows.map((row) => ({
        to: row.to_address,
        subject: row.subject,
        body: row.body,
        created_at: new Date(row.created_at).toISOString(),
      })),
    });
  };
}
