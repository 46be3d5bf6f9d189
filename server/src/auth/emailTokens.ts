import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { PRODUCT_NAME, ROUTES } from '@hive/shared/config';
import type { Database } from '../database';
import { sendMail } from '../outbox';
import { RESET_TOKEN_LIFETIME_MS, type AuthContext } from './context';
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

function linkTo(ctx: Pick<AuthContext, 'publicUrl'>, path: string): string {
  return ctx.publicUrl ? `${ctx.publicUrl}${path}` : path;
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

/** Also used by the admin console (reset link, company owner invitation). Unknown e-mails: nothing. */
export async function issueResetToken(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const token = await newToken(trx, user.id, 'reset', RESET_TOKEN_LIFETIME_MS, now);
    const link = linkTo(ctx, `${ROUTES.authResetpass}?token=${token}`);
    const body = [
      `Someone asked to reset the password of the ${PRODUCT_NAME} account for ${user.email}.`,
      '',
      `Open this link within ${RESET_TOKEN_LIFETIME_MS / 60_000} minutes to choose a new password:`,
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays the same.',
    ].join('\n');
    await sendMail(trx, { to: user.email, subject: `Reset your ${PRODUCT_NAME} password`, body }, now);
  });
}

export async function issueActivation(ctx: AuthContext, user: { id: number; email: string }): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const token = await newToken(trx, user.id, 'activate', ACTIVATION_TOKEN_LIFETIME_MS, now);
    const link = linkTo(ctx, `${ROUTES.authActivate}?token=${token}`);
    const body = [
      `Welcome to ${PRODUCT_NAME}. Open this link within 24 hours to activate the account for ${user.email}:`,
      link,
      '',
      'If you did not sign up, ignore this message: nothing is created until the link is opened.',
    ].join('\n');
    await sendMail(trx, { to: user.email, subject: `Activate your ${PRODUCT_NAME} account`, body }, now);
  });
}

/**
 * An employee invited to the back-office (Team › Employees): the account exists with no password
 * (INVITED_PASSWORD_HASH) and opens when the person chooses one through the link, which is the
 * ordinary password-reset page with a token that lives a week. Inside the caller's transaction, so
 * the invitation is sent exactly when the account is made.
 */
export async function issueInvitation(
  trx: Transaction<Database>,
  ctx: Pick<AuthContext, 'publicUrl'>,
  invite: { userId: number; email: string; companyName: string; role: string; invitedBy: string },
  now: number,
): Promise<void> {
  const token = await newToken(trx, invite.userId, 'reset', INVITATION_TOKEN_LIFETIME_MS, now);
  const link = linkTo(ctx, `${ROUTES.authResetpass}?token=${token}`);
  const body = [
    `${invite.invitedBy} invited you to the ${PRODUCT_NAME} back-office of ${invite.companyName}, as ${invite.role}.`,
    '',
    'Open this link within 7 days to choose your password; then sign in with this e-mail address:',
    link,
    '',
    'If you did not expect this, ignore this message: nothing happens until the link is opened.',
  ].join('\n');
  await sendMail(
    trx,
    { to: invite.email, subject: `You are invited to ${invite.companyName} on ${PRODUCT_NAME}`, body },
    now,
  );
}

/** A sign-up with a registered address: the owner hears of it; the person signing up learns nothing. */
export async function mailExistingAccount(ctx: AuthContext, email: string): Promise<void> {
  const body = [
    `Someone tried to create a ${PRODUCT_NAME} account with ${email}, which already has one.`,
    '',
    `If it was you, sign in: ${linkTo(ctx, ROUTES.login)}`,
    `Forgot the password? Choose a new one: ${linkTo(ctx, ROUTES.authResetpass)}`,
    '',
    'If it was not you, ignore this message: nothing has changed.',
  ].join('\n');
  await sendMail(ctx.db, { to: email, subject: `You already have a ${PRODUCT_NAME} account`, body }, ctx.now());
}
