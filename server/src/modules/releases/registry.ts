import type { Kysely, Selectable, Transaction } from 'kysely';
import { RELEASE_REMOTES, type ReleaseAction } from '@hive/shared/schemas/releases';
import { insertAuditRow } from '../admin';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';
import type { LiveBus } from '../../platform/live';
import type { ReleasesTable } from './tables';

/*
 * The release registry's state machine (issue 44). Per remote: exactly one `active` release, at
 * most one `canary`. Every change runs in one transaction with its `release_events` row (and for
 * staff and the server's own rollbacks, its audit_log row); after the commit every instance is
 * told through the live bus, so the switch is served everywhere within a second. Two partial
 * unique indexes (migrations.ts) keep the "one active, one canary" rule under concurrent writes.
 */

export type ReleaseRow = Selectable<ReleasesTable>;
type Trx = Transaction<Database>;

export type Actor =
  | { kind: 'user'; userId: number; email: string; role: string }
  | { kind: 'token'; tokenId: number }
  | { kind: 'automatic'; reason: string; figures: Record<string, number | null> };

export interface RegistryContext {
  db: Kysely<Database>;
  now: () => number;
  live: LiveBus;
}

export const SERVER_BUILD_VERSION = 'server-build';

const conflict = (error: string, message: string) => new HttpError(409, { error, message });
const notFound = () => new HttpError(404, { error: 'not_found', message: 'Release not found.' });

async function record(
  trx: Trx,
  release: { id: number; remote: string; version: string },
  action: ReleaseAction,
  actor: Actor | null,
  at: number,
  extra: { reason?: string | null; details?: unknown } = {},
): Promise<void> {
  const reason = extra.reason ?? (actor?.kind === 'automatic' ? actor.reason : null);
  const details = extra.details ?? (actor?.kind === 'automatic' ? { figures: actor.figures } : null);
  await trx
    .insertInto('release_events')
    .values({
      release_id: release.id,
      action,
      actor_user_id: actor?.kind === 'user' ? actor.userId : null,
      actor_token_id: actor?.kind === 'token' ? actor.tokenId : null,
      automatic: actor?.kind === 'automatic' ? 1 : 0,
      reason,
      details: details === null ? null : JSON.stringify(details),
      at,
    })
    .execute();
  // Staff actions and the server's own are in the admin audit log too (tokens: release_events).
  if (actor?.kind === 'user' || actor?.kind === 'automatic') {
    await insertAuditRow(trx, {
      at,
      actor_user_id: actor.kind === 'user' ? actor.userId : null,
      actor_email: actor.kind === 'user' ? actor.email : 'system',
      actor_role: actor.kind === 'user' ? actor.role : null,
      action: `releases.${action}`,
      entity_type: 'release',
      entity_id: release.id,
      company_id: null,
      before_json: null,
      after_json: JSON.stringify({ remote: release.remote, version: release.version, reason, details }),
    });
  }
}

/** Runs a change and tells every instance after the commit (never before: a rollback is never announced). */
async function change<T>(ctx: RegistryContext, work: (trx: Trx, now: number) => Promise<T>): Promise<T> {
  const now = ctx.now();
  const result = await ctx.db.transaction().execute((trx) => work(trx, now));
  ctx.live.releasesChanged();
  return result;
}

export async function findRelease(db: Kysely<Database> | Trx, id: number): Promise<ReleaseRow | undefined> {
  return db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
}

async function currentIn(trx: Trx, remote: string, state: 'active' | 'canary'): Promise<ReleaseRow | undefined> {
  return trx
    .selectFrom('releases')
    .selectAll()
    .where('remote', '=', remote)
    .where('state', '=', state)
    .executeTakeFirst();
}

const canaryExists = (canary: ReleaseRow) =>
  conflict(
    'canary_exists',
    `The ${canary.remote} remote already has a canary: ${canary.version} (release ${canary.id}). Promote it or roll it back first.`,
  );

export interface NewRelease {
  remote: string;
  version: string;
  manifestUrl: string;
  contractRange: string;
  notes: string | null;
}

/** Stores a checked release as `registered` (409 `version_taken` when the remote has that version). */
export async function registerRelease(ctx: RegistryContext, input: NewRelease, actor: Actor): Promise<ReleaseRow> {
  try {
    return await change(ctx, async (trx, now) => {
      const row = await trx
        .insertInto('releases')
        .values({
          remote: input.remote,
          version: input.version,
          manifest_url: input.manifestUrl,
          contract_range: input.contractRange,
          notes: input.notes,
          registered_by_user_id: actor.kind === 'user' ? actor.userId : null,
          registered_by_token_id: actor.kind === 'token' ? actor.tokenId : null,
          registered_at: now,
          state: 'registered',
          canary_percent: null,
          canary_company_ids: null,
          canary_started_at: null,
          state_changed_at: now,
          rollback_reason: null,
          rollback_figures: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await record(trx, row, 'registered', actor, now, { details: { manifestUrl: row.manifest_url } });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        'version_taken',
        `The ${input.remote} remote already has a release ${input.version}: register a new version label.`,
      );
    }
    throw error;
  }
}

/**
 * Makes a `registered` release the remote's canary, or changes the percent and companies of the
 * canary. 409 `canary_exists` naming the current canary when another one runs.
 */
export async function setCanary(
  ctx: RegistryContext,
  id: number,
  canary: { percent: number; companyIds: number[] },
  actor: Actor,
): Promise<ReleaseRow> {
  try {
    return await change(ctx, async (trx, now) => {
      const release = await findRelease(trx, id);
      if (!release) throw notFound();
      if (release.state !== 'registered' && release.state !== 'canary') {
        throw conflict(
          'invalid_state',
          `Release ${release.version} is ${release.state}: only a registered release or the canary can be a canary.`,
        );
      }
      const current = await currentIn(trx, release.remote, 'canary');
      if (current && current.id !== release.id) throw canaryExists(current);
      const starting = release.state === 'registered';
      const companyIds = [...new Set(canary.companyIds)].sort((a, b) => a - b);
      const updated = await trx
        .updateTable('releases')
        .set({
          state: 'canary',
          canary_percent: canary.percent,
          canary_company_ids: JSON.stringify(companyIds),
          ...(starting ? { canary_started_at: now, state_changed_at: now } : {}),
        })
        .where('id', '=', id)
        .where('state', '=', release.state)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw conflict('invalid_state', `Release ${release.version} changed meanwhile: read it again.`);
      await record(trx, updated, starting ? 'canary' : 'canary_changed', actor, now, {
        details: { percent: canary.percent, companyIds },
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const current = await ctx.db
        .selectFrom('releases')
        .selectAll()
        .where('state', '=', 'canary')
        .where('remote', '=', (await findRelease(ctx.db, id))?.remote ?? '')
        .executeTakeFirst();
      if (current) throw canaryExists(current);
    }
    throw error;
  }
}

/** The canary (or a registered release) becomes active; the previous active one is retired. */
export async function promoteRelease(
  ctx: RegistryContext,
  id: number,
  actor: Actor,
  reason: string | null = null,
): Promise<ReleaseRow> {
  return change(ctx, async (trx, now) => {
    const release = await findRelease(trx, id);
    if (!release) throw notFound();
    if (release.state !== 'registered' && release.state !== 'canary') {
      throw conflict(
        'invalid_state',
        `Release ${release.version} is ${release.state}: only the canary or a registered release can be promoted.`,
      );
    }
    const previous = await currentIn(trx, release.remote, 'active');
    if (previous) {
      const retired = await trx
        .updateTable('releases')
        .set({ state: 'retired', state_changed_at: now })
        .where('id', '=', previous.id)
        .where('state', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      if (retired) await record(trx, retired, 'retired', actor, now, { details: { by: release.id } });
    }
    const promoted = await trx
      .updateTable('releases')
      .set({ state: 'active', canary_percent: null, canary_company_ids: null, state_changed_at: now })
      .where('id', '=', id)
      .where('state', '=', release.state)
      .returningAll()
      .executeTakeFirst();
    if (!promoted) throw conflict('invalid_state', `Release ${release.version} changed meanwhile: read it again.`);
    await record(trx, promoted, 'promoted', actor, now, {
      reason,
      details: previous ? { previous: previous.id } : null,
    });
    return promoted;
  });
}

/**
 * A canary -> rolled_back; an active release -> rolled_back and the remote's most recently retired
 * release active again (409 `no_previous_release` when there is none). Null when the release is no
 * longer canary or active (someone, or the server, did it first).
 */
export async function rollbackRelease(
  ctx: RegistryContext,
  releaseId: number,
  actor: Actor,
  reason: string | null = null,
): Promise<ReleaseRow | null> {
  const why = reason ?? (actor.kind === 'automatic' ? actor.reason : null);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const release = await findRelease(trx, releaseId);
    if (!release || (release.state !== 'canary' && release.state !== 'active')) return null;
    let restore: ReleaseRow | undefined;
    if (release.state === 'active') {
      restore = await trx
        .selectFrom('releases')
        .selectAll()
        .where('remote', '=', release.remote)
        .where('state', '=', 'retired')
        .orderBy('state_changed_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!restore) {
        throw conflict(
          'no_previous_release',
          `Release ${release.version} is the only ${release.remote} release that was ever active: there is nothing to roll back to.`,
        );
      }
    }
    const rolled = await trx
      .updateTable('releases')
      .set({
        state: 'rolled_back',
        state_changed_at: now,
        rollback_reason: why,
        rollback_automatic: actor.kind === 'automatic' ? 1 : 0,
        rollback_figures: actor.kind === 'automatic' ? JSON.stringify(actor.figures) : null,
      })
      .where('id', '=', release.id)
      .where('state', '=', release.state)
      .returningAll()
      .executeTakeFirst();
    if (!rolled) return null;
    await record(trx, rolled, 'rolled_back', actor, now, { reason: why });
    if (restore) {
      const back = await trx
        .updateTable('releases')
        .set({ state: 'active', state_changed_at: now })
        .where('id', '=', restore.id)
        .where('state', '=', 'retired')
        .returningAll()
        .executeTakeFirstOrThrow();
      await record(trx, back, 'promoted', actor, now, { reason: why, details: { restoredFrom: release.id } });
    }
    return rolled;
  });
  if (outcome) ctx.live.releasesChanged();
  return outcome;
}

/** The remote's releases, newest first. */
export async function listReleases(db: Kysely<Database>, remote: string, limit = 50): Promise<ReleaseRow[]> {
  return db
    .selectFrom('releases')
    .selectAll()
    .where('remote', '=', remote)
    .orderBy('registered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Start-up (idempotent, under the start-up lock): a remote with no release at all gets the build
 * this server hosts as its active release, so the registry always names one per remote.
 */
export async function ensureServerBuilds(
  db: Kysely<Database>,
  now: number,
  rangeOf: (remote: string) => Promise<string>,
): Promise<number> {
  let created = 0;
  for (const remote of RELEASE_REMOTES) {
    const any = await db.selectFrom('releases').select('id').where('remote', '=', remote).executeTakeFirst();
    if (any) continue;
    const contractRange = await rangeOf(remote);
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('releases')
        .values({
          remote,
          version: SERVER_BUILD_VERSION,
          manifest_url: `/remotes/${remote}/mf-manifest.json`,
          contract_range: contractRange,
          notes: null,
          registered_by_user_id: null,
          registered_by_token_id: null,
          registered_at: now,
          state: 'active',
          canary_percent: null,
          canary_company_ids: null,
          canary_started_at: null,
          state_changed_at: now,
          rollback_reason: null,
          rollback_figures: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await record(trx, row, 'registered', null, now, { details: { manifestUrl: row.manifest_url } });
      await record(trx, row, 'promoted', null, now);
    });
    created += 1;
  }
  return created;
}
