import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ROUTES } from '@hive/shared/config';
import type { Database } from '../../database';
import { absoluteLink, mailLanguage, sendMail, type MailLanguage } from '../../platform/outbox';
import { RESET_TOKEN_LIFETIME_MS, type AuthContext } from './context';
import { ACTIVATION_MAIL, EXISTING_ACCOUNT_MAIL, INVITATION_MAIL, RESET_MAIL } from './mailTexts';
import { findUserByEmail } from './users';

/*
 * Single-use tokens sent by e-mail (password reset, sign-up activation). Only their sha-256 is
 * stored; the token itself exists in the e-mail alone, and is never logged.
 */

export const ACTIVATION_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
/** An invitation to the back-office (Team › Employees) leaves a week to accept it. */
export const INVITATION_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export type TokenPurpose = 'reset' | 'activate';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Every link in a mail is absolute: PUBLIC_URL (or the development default, see config.ts). */
function linkTo(ctx: Pick<AuthContext, 'publicUrl'>, path: string): string {
  return absoluteLink(ctx.publicUrl, path);
}

/** A new token for `userId`; older unused tokens of the same purpose are retired (newest link only). */
async function newToken(
  trx: Transaction<Database>,
  userId: number,
  purpose: TokenPurpose,
  lifetimeMs: number,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      purpose,
      expires_at: now + lifetimeMs,
      used_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Claims a token: its user id, or null when it is unknown, used, expired or of another purpose.
 * A conditional update, so two requests racing on one token cannot both win.
 */
export async function consumeEmailToken(
  trx: Transaction<Database>,
  token: string,
  purpose: TokenPurpose,
  now: number,
): Promise<number | null> {
  const row = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row ? row.user_id : null;
}

/** The recipient's stored language (sign-up form, language switch): what their mail is written in. */
async function languageOf(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<MailLanguage> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return mailLanguage(row?.language);
}

/** Also used by the admin console (reset link, company owner invitation). Unknown e-mails: nothing. */
export async function issueResetToken(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const token = await newToken(trx, user.id, 'reset', RESET_TOKEN_LIFETIME_MS, now);
    const mail = RESET_MAIL[mailLanguage(user.language)]({
      email: user.email,
      link: linkTo(ctx, `${ROUTES.authResetpass}?token=${token}`),
      minutes: RESET_TOKEN_LIFETIME_MS / 60_000,
    });
    await sendMail(trx, { to: user.email, ...mail }, now);
  });
}

/** The sign-up's link, in the language the form was filled in (stored on the pending owner). */
export async function issueActivation(ctx: AuthContext, user: { id: number; email: string }): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.language', 'companies.name as company'])
      .where('users.id', '=', user.id)
      .executeTakeFirstOrThrow();
    const token = await newToken(trx, user.id, 'activate', ACTIVATION_TOKEN_LIFETIME_MS, now);
    const mail = ACTIVATION_MAIL[mailLanguage(owner.language)]({
      email: user.email,
      company: owner.company ?? '',
      link: linkTo(ctx, `${ROUTES.authActivate}?token=${token}`),
      hours: ACTIVATION_TOKEN_LIFETIME_MS / 3_600_000,
    });
    await sendMail(trx, { to: user.email, ...mail }, now);
  });
}

/**
 * An employee invited to the back-office (Team › Employees): the account exists with no password
 * (INVITED_PASSWORD_HASH) and opens when the person chooses one through the link, which is the
 * ordinary password-reset page with a token that lives a week. Inside the caller's transaction, so
 * the invitation is sent exactly when the account is made. In the account's language (a new one
 * takes the company's).
 */
export async function issueInvitation(
  trx: Transaction<Database>,
  ctx: Pick<AuthContext, 'publicUrl'>,
  invite: { userId: number; email: string; companyName: string; role: string; invitedBy: string },
  now: number,
): Promise<void> {
  const token = await newToken(trx, invite.userId, 'reset', INVITATION_TOKEN_LIFETIME_MS, now);
  const mail = INVITATION_MAIL[await languageOf(trx, invite.userId)]({
    company: invite.companyName,
    role: invite.role,
    invitedBy: invite.invitedBy,
    link: linkTo(ctx, `${ROUTES.authResetpass}?token=${token}`),
    days: INVITATION_TOKEN_LIFETIME_MS / 86_400_000,
  });
  await sendMail(trx, { to: invite.email, ...mail }, now);
}

/** A sign-up with a registered address: the owner hears of it (in their language); the person signing up learns nothing. */
export async function mailExistingAccount(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  const mail = EXISTING_ACCOUNT_MAIL[mailLanguage(user?.language)]({
    email,
    signIn: linkTo(ctx, ROUTES.login),
    reset: linkTo(ctx, ROUTES.authResetpass),
  });
  await sendMail(ctx.db, { to: email, ...mail }, ctx.now());
}
