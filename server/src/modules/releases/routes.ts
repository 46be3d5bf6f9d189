import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  RELEASE_FIELD_MESSAGES,
  RELEASE_REMOTES,
  canaryReleaseSchema,
  registerReleaseSchema,
  releaseActionSchema,
  releaseRemoteSchema,
  type AdminReleasesJson,
  type ReleaseHealthJson,
  type ReleaseListJson,
} from '@hive/shared/schemas/releases';
import { requireArea, requireRight, requireStaff, staffOf } from '../admin';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { HttpError, requireJson, validationErrorBody } from '../../platform/http';
import { defaultStaticRoots } from '../../platform/config';
import { toReleaseJson } from './json';
import { checkManifest, type ManifestSources } from './manifest';
import {
  findRelease,
  listReleases,
  promoteRelease,
  registerRelease,
  rollbackRelease,
  setCanary,
  type Actor,
  type RegistryContext,
  type ReleaseRow,
} from './registry';
import { authenticateDeployToken, type DeployTokenActor } from './tokens';

/*
 * The registry's two doors, with the same bodies and answers (shared/src/schemas/releases.ts):
 * - `/api/releases`: a team's CI with a deploy token (Bearer, no cookies), scoped to the token's
 *   remote; its own JSON parser (16 kB), JSON only;
 * - `/api/admin/releases`: super_admin and dev_admin in the admin console (session, Origin and
 *   CSRF rules of the rest of /api/admin; the `releases` area and its `releases.write` right).
 */

export const RELEASES_API = '/api/releases';
export const ADMIN_RELEASES_API = '/api/admin/releases';
const BODY_LIMIT = '16kb';
const DAY_MS = 24 * 3_600_000;

/** The health of a release over a window (the telemetry's releaseHealth), when there is telemetry. */
export type HealthOf = (
  db: Kysely<Database>,
  releaseId: number,
  window: { from: number; to: number },
) => Promise<ReleaseHealthJson>;

export interface ReleaseRoutesOptions {
  health?: HealthOf;
}

/** 400 with the fields named (the registry's `invalid_body` shape). */
function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, { ...validationErrorBody(result.error), error: 'invalid_body' });
  return result.data;
}

function invalidField(field: string, message: string): HttpError {
  return new HttpError(400, { error: 'invalid_body', message: `${field}: ${message}`, fields: { [field]: message } });
}

const notFound = () => new HttpError(404, { error: 'not_found', message: 'Release not found.' });

function releaseId(req: Request): number {
  const value = req.params.id;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound();
  return Number(value);
}

export function releaseSources(ctx: AuthContext): ManifestSources {
  return ctx.releaseSources ?? { remoteRoots: defaultStaticRoots().remotes, origins: null };
}

const registryOf = (ctx: AuthContext): RegistryContext => ({ db: ctx.db, now: ctx.now, live: ctx.live });

/** Company slugs -> ids; 400 naming the unknown ones. */
async function companyIdsOf(db: Kysely<Database>, slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'slug'])
    .where('slug', 'in', [...slugs])
    .execute();
  const known = new Set(rows.map((row) => row.slug));
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length > 0) throw invalidField('companies', `no company has the slug ${unknown.join(', ')}`);
  return rows.map((row) => row.id);
}

async function one(db: Kysely<Database>, row: ReleaseRow) {
  const [json] = await toReleaseJson(db, [row]);
  return json!;
}

/** The health windows: since the canary started, else the last 24 hours (a finished release: up to its end). */
function windowOf(row: ReleaseRow, canary: ReleaseRow | undefined, now: number): { from: number; to: number } {
  const live = row.state === 'canary' || row.state === 'active';
  const to = live ? now : Number(row.state_changed_at);
  const started = row.canary_started_at ?? (row.state === 'active' ? canary?.canary_started_at : null);
  return { from: started !== null && started !== undefined ? Number(started) : to - DAY_MS, to };
}

async function healthOf(
  ctx: AuthContext,
  options: ReleaseRoutesOptions,
  row: ReleaseRow | undefined,
  window: { from: number; to: number },
): Promise<ReleaseHealthJson | null> {
  if (!row || !options.health) return null;
  try {
    return await options.health(ctx.db, row.id, window);
  } catch (error) {
    ctx.log.warn({ err: error, releaseId: row.id }, 'releases: could not read the health');
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Actions, shared by both doors
// ---------------------------------------------------------------------------------------------

async function register(ctx: AuthContext, body: unknown, actor: Actor, remoteOfToken?: string) {
  const input = parseBody(registerReleaseSchema, body);
  if (remoteOfToken !== undefined && input.remote !== remoteOfToken) throw wrongRemote(remoteOfToken);
  const { contractRange } = await checkManifest(input.remote, input.manifestUrl, releaseSources(ctx));
  const row = await registerRelease(registryOf(ctx), { ...input, contractRange }, actor);
  return one(ctx.db, row);
}

async function canary(ctx: AuthContext, id: number, body: unknown, actor: Actor) {
  const input = parseBody(canaryReleaseSchema, body);
  const companyIds = await companyIdsOf(ctx.db, input.companies);
  const row = await setCanary(registryOf(ctx), id, { percent: input.percent, companyIds }, actor);
  return one(ctx.db, row);
}

async function promote(ctx: AuthContext, id: number, body: unknown, actor: Actor) {
  const { reason } = parseBody(releaseActionSchema, body);
  return one(ctx.db, await promoteRelease(registryOf(ctx), id, actor, reason));
}

async function rollback(ctx: AuthContext, id: number, body: unknown, actor: Actor) {
  const { reason } = parseBody(releaseActionSchema, body);
  const row = await rollbackRelease(registryOf(ctx), id, actor, reason);
  if (!row) {
    const now = await findRelease(ctx.db, id);
    if (!now) throw notFound();
    throw new HttpError(409, {
      error: 'invalid_state',
      message: `Release ${now.version} is ${now.state}: only the canary or the active release can be rolled back.`,
    });
  }
  return one(ctx.db, row);
}

// ---------------------------------------------------------------------------------------------
// /api/releases: deploy tokens
// ---------------------------------------------------------------------------------------------

const wrongRemote = (remote: string) =>
  new HttpError(403, {
    error: 'wrong_remote',
    message: `This deploy token belongs to the ${remote} remote: it cannot change another remote's releases.`,
  });

const tokenOf = (res: Response) => res.locals.deployToken as DeployTokenActor;
const tokenActor = (res: Response): Actor => ({ kind: 'token', tokenId: tokenOf(res).tokenId });

/** A release of the token's remote (404 / 403 otherwise). */
async function ownRelease(ctx: AuthContext, req: Request, res: Response): Promise<number> {
  const id = releaseId(req);
  const row = await findRelease(ctx.db, id);
  if (!row) throw notFound();
  if (row.remote !== tokenOf(res).remote) throw wrongRemote(tokenOf(res).remote);
  return id;
}

export function deployTokenRouter(ctx: AuthContext, options: ReleaseRoutesOptions = {}): Router {
  const router = express.Router();
  // JSON only (415 first, whoever asks), then the token (401).
  router.use(requireJson());
  router.use(async (req, res, next) => {
    res.locals.deployToken = await authenticateDeployToken(ctx.db, req, ctx.now());
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (req, res) => {
    const own = tokenOf(res).remote;
    const asked = req.query.remote === undefined ? own : req.query.remote;
    const remote = releaseRemoteSchema.safeParse(asked);
    if (!remote.success) throw invalidField('remote', RELEASE_FIELD_MESSAGES.remote);
    if (remote.data !== own) throw wrongRemote(own);
    const rows = await listReleases(ctx.db, remote.data);
    const now = ctx.now();
    const canaryRow = rows.find((row) => row.state === 'canary');
    const json = await toReleaseJson(ctx.db, rows);
    const body: ReleaseListJson = {
      releases: await Promise.all(
        json.map(async (release, i) => ({
          ...release,
          health: await healthOf(ctx, options, rows[i], windowOf(rows[i]!, canaryRow, now)),
        })),
      ),
    };
    res.json(body);
  });

  router.post('/', async (req, res) => {
    res.status(201).json(await register(ctx, req.body, tokenActor(res), tokenOf(res).remote));
  });
  router.post('/:id/canary', async (req, res) => {
    res.json(await canary(ctx, await ownRelease(ctx, req, res), req.body, tokenActor(res)));
  });
  router.post('/:id/promote', async (req, res) => {
    res.json(await promote(ctx, await ownRelease(ctx, req, res), req.body, tokenActor(res)));
  });
  router.post('/:id/rollback', async (req, res) => {
    res.json(await rollback(ctx, await ownRelease(ctx, req, res), req.body, tokenActor(res)));
  });
  return router;
}

// ---------------------------------------------------------------------------------------------
// /api/admin/releases: staff
// ---------------------------------------------------------------------------------------------

function staffActor(res: Response): Actor {
  const staff = staffOf(res);
  return { kind: 'user', userId: staff.id, email: staff.email, role: staff.role ?? '' };
}

async function staffRelease(ctx: AuthContext, req: Request): Promise<number> {
  const id = releaseId(req);
  if (!(await findRelease(ctx.db, id))) throw notFound();
  return id;
}

export function staffReleasesRouter(ctx: AuthContext, options: ReleaseRoutesOptions = {}): Router {
  const router = express.Router();
  const staff = requireStaff(ctx);
  // The admin router before it has read the session already; on its own it reads it here.
  const ensureStaff: RequestHandler = (req, res, next) => (res.locals.staff ? next() : staff(req, res, next));
  router.use(ensureStaff, requireArea('releases'));
  const write = requireRight('releases.write');

  router.get('/', async (_req, res) => {
    const now = ctx.now();
    const remotes = await Promise.all(
      RELEASE_REMOTES.map(async (remote) => {
        const [rows, active, canaryRow] = await Promise.all([
          listReleases(ctx.db, remote, 50),
          ctx.db
            .selectFrom('releases')
            .selectAll()
            .where('remote', '=', remote)
            .where('state', '=', 'active')
            .executeTakeFirst(),
          ctx.db
            .selectFrom('releases')
            .selectAll()
            .where('remote', '=', remote)
            .where('state', '=', 'canary')
            .executeTakeFirst(),
        ]);
        const window = canaryRow?.canary_started_at
          ? { from: Number(canaryRow.canary_started_at), to: now }
          : { from: now - DAY_MS, to: now };
        const [releases, current, health] = await Promise.all([
          toReleaseJson(ctx.db, rows),
          toReleaseJson(
            ctx.db,
            [active, canaryRow].filter((row): row is ReleaseRow => row !== undefined),
          ),
          Promise.all([healthOf(ctx, options, active, window), healthOf(ctx, options, canaryRow, window)]),
        ]);
        return {
          remote,
          active: (active && current.find((r) => r.id === active.id)) ?? null,
          canary: (canaryRow && current.find((r) => r.id === canaryRow.id)) ?? null,
          health: { active: health[0], canary: health[1] },
          releases,
        };
      }),
    );
    const body: AdminReleasesJson = { remotes };
    res.json(body);
  });

  router.post('/', write, async (req, res) => {
    res.status(201).json(await register(ctx, req.body, staffActor(res)));
  });
  router.post('/:id/canary', write, async (req, res) => {
    res.json(await canary(ctx, await staffRelease(ctx, req), req.body, staffActor(res)));
  });
  router.post('/:id/promote', write, async (req, res) => {
    res.json(await promote(ctx, await staffRelease(ctx, req), req.body, staffActor(res)));
  });
  router.post('/:id/rollback', write, async (req, res) => {
    res.json(await rollback(ctx, await staffRelease(ctx, req), req.body, staffActor(res)));
  });
  return router;
}

/** The deploy-token API's own parser (before the shared /api parsers). */
export function mountReleasesParser(app: Express): void {
  app.use(RELEASES_API, express.json({ limit: BODY_LIMIT }));
}

export function mountDeployTokenApi(app: Express, ctx: AuthContext, options: ReleaseRoutesOptions = {}): void {
  app.use(RELEASES_API, deployTokenRouter(ctx, options));
}

/** After the admin API (its parser, no-store and session check cover /api/admin/releases too). */
export function mountStaffReleases(app: Express, ctx: AuthContext, options: ReleaseRoutesOptions = {}): void {
  app.use(ADMIN_RELEASES_API, staffReleasesRouter(ctx, options));
}
