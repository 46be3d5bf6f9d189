import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger, LevelWithSilent } from 'pino';
import { SESSION_LIFETIME_MS } from '@hive/shared/config';
import { ConfigError, DEFAULT_DATA_DIR, DEFAULT_SESSION_MAX_HOURS, DEMO_IN_PRODUCTION_MESSAGE } from './config';
import { migrateToLatest, openDatabase, seedDemoData, syncPermissions, type DatabaseHandle } from './db';
import { backfillRollups } from './backoffice/reports';
import { ensureTeamRoles } from './backoffice/team';
import {
  DEFAULT_LOCKOUT,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SCRYPT_COST,
  PasswordHasher,
  buildLimiters,
  mountApi,
  resolveAuthSecret,
  type AuthContext,
  type LockoutPolicy,
  type RateLimits,
  type ScryptCost,
} from './auth';
import { mountBackoffice, mountLogoUploadParser } from './backoffice';
import { mountBannerUploadParser } from './backoffice/devices';
import { mountAdmin } from './admin';
import {
  DEFAULT_ORDERING_RATE_LIMITS,
  mountOrderingBackoffice,
  mountOrderingPublic,
  type OrderingRateLimits,
} from './ordering';
import { syncPublicSlugs } from './companies';
import { DEFAULT_DEVICE_RATE_LIMITS, mountDevice, mountDeviceParser, type DeviceRateLimits } from './device';
import { scheduleRecurringInvoices } from './backoffice/sales';
import {
  compressJson,
  createLimiterStore,
  createLogger,
  errorHandler,
  notFoundJson,
  requestLogger,
  writeOriginGuard,
} from './http';
import { defaultStaticRoots, loadRemotesMap, mountStatic, remoteOrigins, type StaticRoots } from './static';
import { installPostingSteps } from './posting';

export interface CreateAppOptions {
  /** Defaults to process.env.NODE_ENV, then 'development'. */
  nodeEnv?: string;
  /**
   * How often the recurring invoices job runs (ms); 0 turns it off. Default 5 minutes, and off
   * under NODE_ENV=test (tests call runRecurringInvoices themselves).
   */
  recurringJobMs?: number;
  /** Holds hive.sqlite and the generated auth-secret. Default `<repo>/data`. */
  dataDir?: string;
  /** `postgres://...` or `sqlite:<file>`; default `<dataDir>/hive.sqlite`. */
  databaseUrl?: string;
  /** PostgreSQL schema to create and use (tests use one per run). */
  databaseSchema?: string;
  /** AUTH_SECRET. Required in production; generated and kept in dataDir otherwise. */
  secret?: string;
  /** Seed the demo companies and users (default: outside production only; refused in production). */
  seedDemo?: boolean;
  /** With seedDemo: also seed 90 days of back-office sales (default true; tests may skip them for speed). */
  seedDemoSales?: boolean;
  /** Raw REMOTES_JSON value (inline JSON or a file path). */
  remotesJson?: string;
  /** Build output folders; each missing entry uses the repo's `<app>/dist`. */
  staticRoots?: Partial<StaticRoots>;
  /** Origin for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
  /** Express "trust proxy" (default false: the socket address; `1` behind one proxy). */
  trustProxy?: boolean | number | string;
  /** Absolute session lifetime from sign-in (default 12 hours). */
  sessionMaxLifetimeMs?: number;
  logger?: Logger;
  logLevel?: LevelWithSilent;
  /** Tests only: a movable clock (ms since epoch) for session expiry, lockouts and reset links. */
  now?: () => number;
  /** Tests only: a shorter server session lifetime. */
  sessionLifetimeMs?: number;
  /** Tests only: cheaper scrypt. Ignored in production. */
  scryptCost?: ScryptCost;
  rateLimits?: Partial<RateLimits>;
  lockout?: Partial<LockoutPolicy>;
  /** Per-address limits of the public ordering API (tests loosen or tighten them). */
  orderingRateLimits?: Partial<OrderingRateLimits>;
  /** Limits of the device API: pairing per address, calls and events per terminal. */
  deviceRateLimits?: Partial<DeviceRateLimits>;
}

export interface HiveApp {
  app: Express;
  database: DatabaseHandle;
  log: Logger;
  close(): Promise<void>;
}

/** Builds the whole server (database migrated and seeded) without listening. */
export async function createApp(options: CreateAppOptions = {}): Promise<HiveApp> {
  const nodeEnv = options.nodeEnv ?? process.env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const log = options.logger ?? createLogger(options.logLevel ?? 'info');
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  // The consequences every ingested receipt posts (stock, points, roll-ups ...), before any seed runs.
  installPostingSteps();

  // Configuration problems first, before touching the database.
  if (production && options.seedDemo === true) throw new ConfigError(DEMO_IN_PRODUCTION_MESSAGE);
  const seedDemo = options.seedDemo ?? !production;
  const secret = resolveAuthSecret({ secret: options.secret, production, dataDir });
  const remotes = loadRemotesMap(options.remotesJson);
  if (production && (options.scryptCost || options.sessionLifetimeMs || options.now)) {
    log.warn('test-only options (scryptCost, sessionLifetimeMs, now) are ignored in production');
  }
  const passwords = new PasswordHasher(production ? DEFAULT_SCRYPT_COST : (options.scryptCost ?? DEFAULT_SCRYPT_COST));
  const now = production ? Date.now : (options.now ?? Date.now);

  const database = await openDatabase({ url: options.databaseUrl, dataDir, schema: options.databaseSchema });
  try {
    // One instance at a time migrates and seeds (two starting together on one database would collide).
    await database.withStartupLock(async () => {
      await migrateToLatest(database.db, options.databaseSchema);
      // Receipts stored before the report roll-ups existed get theirs (once).
      const backfilled = await backfillRollups(database.db);
      if (backfilled > 0) log.info({ receipts: backfilled }, 'built the report roll-ups of earlier receipts');
      await syncPermissions(database.db);
      if (seedDemo) {
        const { created } = await seedDemoData(database.db, {
          now: now(),
          hashPassword: (p) => passwords.hash(p),
          sales: options.seedDemoSales,
        });
        await syncPublicSlugs(database.db);
        if (created > 0) log.info({ created }, 'seeded demo users');
      }
      // Every company has its roles; an install upgraded from before them keeps everyone's menu.
      const teams = await ensureTeamRoles(database.db, now());
      if (teams > 0) log.info({ companies: teams }, 'set up the roles of companies that had none');
    });
  } catch (error) {
    await database.destroy();
    throw error;
  }

  const limiterStore = createLimiterStore(database.pgPool);
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const ctx: AuthContext = {
    db: database.db,
    log,
    now,
    sessionLifetimeMs: production ? SESSION_LIFETIME_MS : (options.sessionLifetimeMs ?? SESSION_LIFETIME_MS),
    sessionMaxLifetimeMs: options.sessionMaxLifetimeMs ?? DEFAULT_SESSION_MAX_HOURS * 3_600_000,
    secret,
    production,
    useSecureCookies: production ? true : undefined,
    passwords,
    lockout: { ...DEFAULT_LOCKOUT, ...options.lockout },
    rateLimits,
    limiters: buildLimiters(limiterStore, rateLimits),
    limiterStore,
    publicUrl: options.publicUrl,
  };

  const app = express();
  app.set('trust proxy', options.trustProxy ?? false);
  app.disable('x-powered-by');
  app.use(requestLogger(log));
  app.use(compressJson());

  // Absolute remote URLs (REMOTES_JSON) are other origins the shell must load code from.
  const extra = remoteOrigins(remotes);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extra],
          connectSrc: ["'self'", ...extra],
          styleSrc: ["'self'", "'unsafe-inline'", ...extra],
          imgSrc: ["'self'", 'data:', ...extra],
          fontSrc: ["'self'", ...extra],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // HSTS only means something over HTTPS, which production runs behind.
      strictTransportSecurity: production,
    }),
  );

  // Every cookie-carrying write from another site is refused before any route sees it.
  app.use(writeOriginGuard());
  // First: it sets the plan-change header on every /api response (server/README.md).
  mountAdmin(app, ctx);
  // Before mountApi's 32 kB parsers: the logo (1 MB) and banner (2 MB) uploads, in base64.
  mountLogoUploadParser(app);
  mountBannerUploadParser(app);
  // The registers' event batches (up to 5 MB).
  mountDeviceParser(app);
  mountApi(app, ctx);
  mountBackoffice(app, ctx);
  mountOrderingBackoffice(app, ctx);
  // The registers: Bearer device tokens, no cookies (docs/device-api.md).
  mountDevice(app, ctx, buildLimiters(limiterStore, { ...DEFAULT_DEVICE_RATE_LIMITS, ...options.deviceRateLimits }));
  // Public online ordering (no session): /gettokenonline, /ordering_master, /ordering_online.
  mountOrderingPublic(
    app,
    ctx,
    buildLimiters(limiterStore, { ...DEFAULT_ORDERING_RATE_LIMITS, ...options.orderingRateLimits }),
  );
  app.use('/api', notFoundJson());
  mountStatic(app, {
    roots: { ...defaultStaticRoots(), ...options.staticRoots },
    remotes,
    db: database.db,
    log,
  });
  app.use(notFoundJson());
  app.use(errorHandler(log));

  // Recurring invoices: the job creates each due period's invoice (idempotent, see sales/recurring.ts).
  const recurringMs = options.recurringJobMs ?? (nodeEnv === 'test' ? 0 : 5 * 60_000);
  const stopRecurring =
    recurringMs > 0
      ? scheduleRecurringInvoices(database.db, now, recurringMs, (error) =>
          log.error({ err: error }, 'recurring invoices job failed'),
        )
      : () => undefined;

  log.info({ database: database.describe, nodeEnv }, 'server ready');
  return {
    app,
    database,
    log,
    close: () => {
      stopRecurring();
      return database.destroy();
    },
  };
}

export interface RunningServer extends HiveApp {
  server: Server;
  port: number;
  url: string;
}

/** createApp + listen; `port: 0` picks a free port (tests). */
export async function startServer(
  options: CreateAppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const hive = await createApp(options);
  const port = options.port ?? 8080;
  const server = options.host === undefined ? hive.app.listen(port) : hive.app.listen(port, options.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await hive.close();
    throw error;
  }
  const actualPort = (server.address() as AddressInfo).port;
  return {
    ...hive,
    server,
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hive.close();
    },
  };
}
