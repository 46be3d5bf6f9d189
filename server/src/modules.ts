import express, { type Express, type Router } from 'express';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Logger } from 'pino';
import { adminModule } from './modules/admin';
import { authModule, buildLimiters, rereadSession, type AuthContext } from './modules/auth';
import { liveTopicsFor, menuOf, merchantModule, merchantOf, requireMerchant } from './modules/merchant';
import { catalogModule } from './modules/catalog';
import { customersModule } from './modules/customers';
import { devicesModule } from './modules/devices';
import { firstStepsModule } from './modules/first-steps';
import { inventoryModule } from './modules/inventory';
import { offersModule } from './modules/offers';
import { reportsModule } from './modules/reports';
import { rewardsModule } from './modules/rewards';
import { invoicingModule } from './modules/invoicing';
import { settingsModule } from './modules/settings';
import { teamModule } from './modules/team';
import { companiesModule } from './modules/companies';
import { runMigrations } from './platform/db';
import type { Database } from './database';
import { deviceApiModule } from './modules/device-api';
import { seedDemoData, type SeedOptions } from './demo';
// The demo's live registers, started by app.ts once the server listens (DEMO_LIVE).
export { startLiveRegisters, type LiveRegisters, type LiveRegistersOptions } from './demo';
import { requireJson, type LimiterStore, type RateLimitRule } from './platform/http';
import { liveStreams, type LiveStreams } from './platform/live';
import type { CompanySetup, JobContext, MountEnv, Reactions, ServerModule, StartupEnv } from './module';
import { orderingModule } from './modules/ordering';
import { pipelineSteps } from './posting';
import { receiptsModule, registerPostingSteps, type PostingStep } from './modules/receipts';
import { releasesModule } from './modules/releases';

/*
 * The composition root: every module of the server, in dependency order (a module imports only
 * modules listed before it; npm run lint checks there is no circle). Everything the app is built
 * from comes from this list: the migrations, the routes in their mounting order, the start-up
 * work, the jobs, a new company's set-up and the reactions between modules. The app's Database
 * type is the intersection of the modules' table types (src/database.ts); the demo seed sits on
 * top (src/demo/). The posting steps too: every module's, in the order the pipeline names them
 * (src/posting.ts).
 */
export const MODULES: readonly ServerModule<AuthContext, PostingStep>[] = [
  companiesModule,
  authModule,
  merchantModule,
  adminModule,
  releasesModule,
  settingsModule,
  catalogModule,
  offersModule,
  receiptsModule,
  devicesModule,
  inventoryModule,
  reportsModule,
  teamModule,
  customersModule,
  rewardsModule,
  invoicingModule,
  deviceApiModule,
  orderingModule,
  firstStepsModule,
];

/**
 * What posting a batch of register events does beyond the receipts' own rows, in the pipeline's
 * order (src/posting.ts, checked here at start: every module's step listed once). Planning checks
 * a sale in this order too.
 */
export const POSTING_STEPS: readonly PostingStep[] = pipelineSteps(MODULES);

/** Registers the steps every ingest posts with (the app does it once at start). */
export function installPostingSteps(): void {
  registerPostingSteps(POSTING_STEPS);
}

/** Every module's migrations; a name two modules both use is a mistake caught at start. */
export function collectMigrations(
  modules: readonly ServerModule<AuthContext, PostingStep>[],
): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (name in all) throw new Error(`Migration ${name} is declared twice (module ${module.name})`);
      all[name] = migration;
    }
  }
  return all;
}

const migrations = collectMigrations(MODULES);

/** In-code provider: no migration folder to resolve at run time; Kysely runs them in name order. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/** Brings the schema up to date; safe to run on every start and from several instances. */
export function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  return runMigrations(db, migrationProvider, schema);
}

/** A new company's set-up: each module's part, in module order, in the company's transaction. */
export const companySetup: Required<CompanySetup> = {
  async company(trx, companyId, now) {
    for (const module of MODULES) await module.companySetup?.company?.(trx, companyId, now);
  },
  async owner(trx, created) {
    for (const module of MODULES) await module.companySetup?.owner?.(trx, created);
  },
};

/** Each reaction runs every module's, in module order, in the announcing module's transaction. */
export const reactions: Reactions = {
  async zoneChanged(trx, companyId, scope) {
    for (const module of MODULES) await module.reactions?.zoneChanged?.(trx, companyId, scope);
  },
  async locationsAdded(db, companyId, now) {
    for (const module of MODULES) await module.reactions?.locationsAdded?.(db, companyId, now);
  },
  async catalogDeleted(trx, companyId, kind, id) {
    for (const module of MODULES) await module.reactions?.catalogDeleted?.(trx, companyId, kind, id);
  },
  async stockSet(trx, companyId, post) {
    for (const module of MODULES) await module.reactions?.stockSet?.(trx, companyId, post);
  },
  async pointsEdited(trx, companyId, edit) {
    for (const module of MODULES) await module.reactions?.pointsEdited?.(trx, companyId, edit);
  },
  async couponChosen(trx, companyId, couponId, now) {
    for (const module of MODULES) await module.reactions?.couponChosen?.(trx, companyId, couponId, now);
  },
};

/** Start-up work (under the start-up lock, after the migrations): `early`, the demo seed, `late`. */
export async function runStartup(db: Kysely<Database>, env: StartupEnv, seedDemo?: () => Promise<void>): Promise<void> {
  for (const module of MODULES) await module.startup?.early?.(db, env);
  await seedDemo?.();
  for (const module of MODULES) await module.startup?.late?.(db, env);
}

/** The demo companies, users and data of every module (idempotent), with the modules' reactions. */
export function seedDemo(db: Kysely<Database>, options: Omit<SeedOptions, 'reactions'>): Promise<{ created: number }> {
  return seedDemoData(db, { ...options, reactions });
}

/** Production refuses to start while demo accounts can sign in; the disable-demo command ends them. */
export { disableDemoAccounts, usableDemoAccounts } from './demo';

export const BACKOFFICE_API = '/api/backoffice';

/**
 * The live stream of the back-office (`GET /api/backoffice/events`, src/platform/live): any signed-in
 * merchant, their company's changes in the topics of the pages they may open only. A sign-out
 * ends the session's streams at once on every instance (auth publishes it on the bus); each ping
 * reads the session afresh, ends the stream once it is gone (expiry, a suspended company or a
 * disabled account) and applies the user's pages as they are now (role, permissions, plan).
 */
export function backofficeLiveStreams(
  ctx: AuthContext,
  options: { pingMs?: number; perUserLimit?: number } = {},
): LiveStreams {
  return liveStreams({
    bus: ctx.live,
    ownerOf(res) {
      const { userId, companyId, sessionId, menu } = merchantOf(res);
      return { userId, companyId, sessionId, topics: liveTopicsFor(menu) };
    },
    async recheck(req, owner) {
      const session = await rereadSession(ctx, req);
      const profile = session?.profile;
      const same =
        !!profile &&
        !profile.admin &&
        profile.id === owner.userId &&
        profile.company?.id === owner.companyId &&
        session.claims.sid === owner.sessionId;
      return same ? liveTopicsFor(menuOf(profile)) : null;
    },
    onError: (error) => ctx.log.warn({ err: error }, 'live: could not read the session again'),
    ...options,
  });
}

/**
 * `/api/backoffice/*`: the data behind the back-office pages, each module's routers under their
 * paths. Every route reads the session, scopes to its company (never to an id from the request)
 * and applies the menu rule of its page. Mounted after auth's JSON/form parsers (32 kB) for `/api`.
 */
export function backofficeRouter(ctx: AuthContext, live: LiveStreams): Router {
  const router = express.Router();
  // JSON only (the app-wide write guard already refused foreign origins).
  router.use(requireJson());
  router.get('/events', requireMerchant(ctx), live.handler);
  // A successful write tells the modules that keep something of the company (device: the
  // registers' config, which then reaches them at once rather than after its cache expires).
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        const merchant = res.locals.merchant as { companyId: number } | undefined;
        if (!merchant || res.statusCode >= 400) return;
        for (const module of MODULES) module.routes?.backofficeWritten?.(ctx, merchant.companyId);
      });
    }
    next();
  });
  for (const module of MODULES) {
    for (const [path, sub] of module.routes?.backoffice?.(ctx) ?? []) router.use(path, sub);
  }
  return router;
}

/**
 * Every module's routes in their order: `first` (the plan-change header every /api response
 * carries, the admin API with its own parser), the upload parsers with larger limits, auth's
 * shared parsers and sign-in, the back-office API, then the rest (device API, online ordering).
 */
export function mountModules(
  app: Express,
  ctx: AuthContext,
  limiterStore: LimiterStore,
  rateLimits: Readonly<Record<string, Readonly<Record<string, RateLimitRule>> | undefined>>,
  live: LiveStreams,
): void {
  const env: MountEnv = {
    limiters: (module, defaults) =>
      buildLimiters(limiterStore, { ...defaults, ...rateLimits[module] } as typeof defaults),
  };
  for (const module of MODULES) module.routes?.first?.(app, ctx, env);
  for (const module of MODULES) module.routes?.parsers?.(app);
  for (const module of MODULES) module.routes?.api?.(app, ctx);
  app.use(BACKOFFICE_API, backofficeRouter(ctx, live));
  for (const module of MODULES) module.routes?.app?.(app, ctx, env);
}

/** Starts every module's jobs; `everyMs` decides each one's interval (0 leaves it off). */
export function startJobs(context: JobContext, log: Logger, everyMs: (defaultMs: number) => number): () => void {
  const stops: (() => void)[] = [];
  for (const module of MODULES) {
    for (const job of module.jobs ?? []) {
      const ms = everyMs(job.everyMs);
      if (ms > 0) stops.push(job.start(context, ms, (error) => log.error({ err: error }, `${job.name} job failed`)));
    }
  }
  return () => {
    for (const stop of stops) stop();
  };
}
