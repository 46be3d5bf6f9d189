import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Kysely } from 'kysely';
import { insertAuditRow } from '../admin';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';

/*
 * Deploy tokens: a team's CI credential for one remote (`Authorization: Bearer hdk_...`). Random
 * (256 bits), shown once when created, kept only as its SHA-256 (a copy of the table signs
 * nothing in), revocable, with the time it was last used. Created and revoked with the
 * deploy-token command (src/cli/deployToken.ts); both are recorded in audit_log.
 */

export const DEPLOY_TOKEN = /^hdk_[A-Za-z0-9_-]{43}$/;

export function newDeployToken(): string {
  return `hdk_${randomBytes(32).toString('base64url')}`;
}

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The token behind a deploy-token request. */
export interface DeployTokenActor {
  tokenId: number;
  remote: string;
  label: string | null;
}

/** last_used_at is written at most this often per token. */
const USED_WRITE_MS = 60_000;

const unauthorized = (error: string, message: string) =>
  new HttpError(401, { error, message }, { 'WWW-Authenticate': 'Bearer realm="hive-releases", error="invalid_token"' });

/** 401 without a token, with a malformed, unknown or revoked one; else the token's remote. */
export async function authenticateDeployToken(
  db: Kysely<Database>,
  req: Request,
  now: number,
): Promise<DeployTokenActor> {
  const header = req.get('authorization');
  if (!header) {
    throw new HttpError(
      401,
      {
        error: 'unauthorized',
        message: 'Send a deploy token: Authorization: Bearer <token> (npm run deploy-token -w server gives one).',
      },
      { 'WWW-Authenticate': 'Bearer realm="hive-releases"' },
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !DEPLOY_TOKEN.test(match[1]!)) {
    throw unauthorized('invalid_token', 'The Authorization header must be "Bearer <deploy token>".');
  }
  const row = await db
    .selectFrom('deploy_tokens')
    .select(['id', 'remote', 'label', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', tokenHash(match[1]!))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) {
    throw unauthorized('invalid_token', 'This deploy token is not valid: it is unknown or was revoked.');
  }
  if (row.last_used_at === null || now - Number(row.last_used_at) >= USED_WRITE_MS) {
    await db.updateTable('deploy_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { tokenId: row.id, remote: row.remote, label: row.label };
}

export interface NewDeployToken {
  remote: string;
  label: string | null;
  contactEmail: string | null;
  createdByUserId: number | null;
  /** Who, in the audit log (a staff e-mail, or "cli"). */
  actorEmail: string;
  now: number;
}

/** Creates a token; the token itself is returned this once and never stored. */
export async function createDeployToken(
  db: Kysely<Database>,
  input: NewDeployToken,
): Promise<{ id: number; token: string }> {
  const token = newDeployToken();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('deploy_tokens')
      .values({
        remote: input.remote,
        label: input.label,
        token_hash: tokenHash(token),
        contact_email: input.contactEmail,
        created_at: input.now,
        created_by_user_id: input.createdByUserId,
        revoked_at: null,
        last_used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAuditRow(trx, {
      at: input.now,
      actor_user_id: input.createdByUserId,
      actor_email: input.actorEmail,
      actor_role: null,
      action: 'releases.token_created',
      entity_type: 'deploy_token',
      entity_id: row.id,
      company_id: null,
      before_json: null,
      after_json: JSON.stringify({ remote: input.remote, label: input.label, contactEmail: input.contactEmail }),
    });
    return row.id;
  });
  return { id, token };
}

/** Revokes a token (its next call is a 401); false when there is no such token or it already was. */
export async function revokeDeployToken(
  db: Kysely<Database>,
  id: number,
  actor: { userId: number | null; email: string },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('deploy_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await insertAuditRow(trx, {
      at: now,
      actor_user_id: actor.userId,
      actor_email: actor.email,
      actor_role: null,
      action: 'releases.token_revoked',
      entity_type: 'deploy_token',
      entity_id: id,
      company_id: null,
      before_json: null,
      after_json: null,
    });
    return true;
  });
}

export interface DeployTokenInfo {
  id: number;
  remote: string;
  label: string | null;
  contactEmail: string | null;
  createdAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

export async function listDeployTokens(db: Kysely<Database>): Promise<DeployTokenInfo[]> {
  const rows = await db
    .selectFrom('deploy_tokens')
    .select(['id', 'remote', 'label', 'contact_email', 'created_at', 'revoked_at', 'last_used_at'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    remote: row.remote,
    label: row.label,
    contactEmail: row.contact_email,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }));
}
