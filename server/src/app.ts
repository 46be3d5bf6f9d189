import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger, LevelWithSilent } from 'pino';
import { PRODUCT_NAME, SESSION_LIFETIME_MS } from '@hive/shared/config';
import {
  ConfigError,
  DATA_DIR_IN_PRODUCTION_MESSAGE,
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  DEFAULT_SESSION_MAX_HOURS,
  DEMO_IN_PRODUCTION_MESSAGE,
  demoAccountsMessage,
  developmentPublicUrl,
  parseMailFrom,
  parseMetricsToken,
  parseSmtpUrl,
  resolvePublicUrl,
  resolveReleaseSettings,
  type ReleaseSettings,
} from './platform/config';
import { openDatabase, type DatabaseHandle } from './database';
import { onQuery } from './platform/db';
import {
  DEFAULT_LOCKOUT,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SCRYPT_COST,
  PasswordHasher,
  buildLimiters,
  resolveAuthSecret,
  type AuthContext,
  type LockoutPolicy,
  type RateLimits,
  type ScryptCost,
} from './modules/auth';
import type { OrderingRateLimits } from './modules/ordering';
import type { DeviceRateLimits } from './modules/device-api';
import { createLiveBus, type LiveBus, type LiveStreams } from './platform/live';
import {
  backofficeLiveStreams,
  companySetup,
  installPostingSteps,
  migrateToLatest,
  mountModules,
  reactions,
  runStartup,
  seedDemo as seedDemoData,
  startJobs,
  startLiveRegisters,
  type LiveRegisters,
  type LiveRegistersOptions,
  usableDemoAccounts,
} from './modules';
import {
  compressAnswers,
  createLimiterStore,
  createLogger,
  errorHandler,
  type RateLimitRule,
  notFoundJson,
  requestLogger,
  writeOriginGuard,
} from './platform/http';
import {
  DELIVERY_EVERY_MS,
  MAIL_LIMITS,
  buildMailLimiters,
  describeSmtp,
  smtpSender,
  startMailDelivery,
  type MailDelivery,
  type MailRules,
} from './platform/outbox';
import {
  METRICS_PATH,
  createMetrics,
  metricsRoute,
  startMetricsServer,
  type Metrics,
  type MetricsServer,
} from './platform/metrics';
import { createTracing } from './platform/tracing';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createReleaseServing } from './modules/releases/serving';
import { parseReleaseOrigins } from './modules/releases';
import { defaultStaticRoots, loadRemoteOverrides, mountStatic, type StaticRoots } from './web';

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
  /**
   * Production mode on a throw-away database that holds the demo accounts (the reports benchmark).
   * Not reachable from the environment: a real production start always refuses demo accounts.
   */
  allowDemoAccounts?: boolean;
  /** Seed the demo companies and users (default: outside production only; refused in production). */
  seedDemo?: boolean;
  /** With seedDemo: also seed 90 days of back-office sales (default true; tests may skip them for speed). */
  seedDemoSales?: boolean;
  /**
   * DEMO_LIVE: with the demo seeded, virtual registers sell through the device API during opening
   * hours (src/demo/live). Default on outside production and tests; never in production; only a
   * listening server (startServer) runs them.
   */
  demoLive?: boolean;
  /** Tests only: the live registers' timer (ms; 0 = tests call `demoLive.tick()`). */
  demoLiveTickMs?: number;
  /** Tests only: the live registers' opening hours by company slug. */
  demoLiveHours?: LiveRegistersOptions['hours'];
  /** Tests only: sales a minute on each live register. */
  demoLiveSalesPerMinute?: number;
  /** Raw REMOTES_JSON value (inline JSON or a file path). */
  remotesJson?: string;
  /** Build output folders; each missing entry uses the repo's `<app>/dist`. */
  staticRoots?: Partial<StaticRoots>;
  /** Origin for links in e-mails (PUBLIC_URL); required with smtpUrl and in production (config.ts resolvePublicUrl). */
  publicUrl?: string;
  /** SMTP_URL: deliver the outbox through this server (src/platform/outbox/delivery.ts). Without it mail stays in the outbox. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every e-mail (default `Hive POS <no-reply@PUBLIC_URL's host>`). */
  mailFrom?: string;
  /** How often each instance looks for due mail (ms) with smtpUrl; 0 = only when `mailDelivery.runOnce()` is called (tests). */
  mailDeliveryMs?: number;
  /** Tests only: the name this instance claims messages under. */
  mailInstanceId?: string;
  /** Express "trust proxy" (default false: the socket address; `1` behind one proxy). */
  trustProxy?: boolean | number | string;
  /** Absolute session lifetime from sign-in (default 12 hours). */
  sessionMaxLifetimeMs?: number;
  /** Sent as `X-Instance` on every response (INSTANCE_NAME): which instance behind a proxy answered. */
  instanceName?: string;
  logger?: Logger;
  logLevel?: LevelWithSilent;
  /** Tests only: a movable clock (ms since epoch) for session expiry, lockouts and reset links. */
  now?: () => number;
  /** Tests only: a shorter server session lifetime. */
  sessionLifetimeMs?: number;
  /** Tests only: cheaper scrypt. Ignored in production. */
  scryptCost?: ScryptCost;
  /** Tests only: sees every scrypt run of a password check (to count the work). Ignored in production. */
  onScrypt?: (cost: ScryptCost) => void;
  rateLimits?: Partial<RateLimits>;
  lockout?: Partial<LockoutPolicy>;
  /** Per-address limits of the public ordering API (tests loosen or tighten them). */
  orderingRateLimits?: Partial<OrderingRateLimits>;
  /** Limits of the device API: pairing per address, calls and events per terminal. */
  deviceRateLimits?: Partial<DeviceRateLimits>;
  /**
   * Tests only: how long one read of the release registry is served (default 500 ms); a long one
   * shows that a change reaches another instance through the live bus, not the next read.
   */
  releaseCacheMs?: number;
  /** Tests only: the live stream's ping (and session check) interval, default 25 s. */
  livePingMs?: number;
  /** Live streams one user may hold open at once on this instance (default 10). */
  liveStreamsPerUser?: number;
  /** The mail limits (src/platform/outbox/limits.ts; tests that send much mail raise them). */
  mailLimits?: Partial<Omit<MailRules, 'perRecipient'>> & { perRecipient?: Partial<MailRules['perRecipient']> };
  /** The canary thresholds and telemetry retention (RELEASE_*, config.ts); each unset one is its default. */
  releaseSettings?: Partial<ReleaseSettings>;
  /**
   * RELEASE_ORIGINS: a comma list of the origins release manifests may be on (unset: any http(s)
   * origin); a bad entry stops the start-up.
   */
  releaseOrigins?: string;
  /** Limits of `POST /api/telemetry` per address and per visitor (releases/telemetry; tests tighten them). */
  telemetryRateLimits?: Partial<Record<'telemetryPerAddress' | 'telemetryPerVisitor', RateLimitRule>>;
  /** METRICS_TOKEN: GET /metrics on this port for `Authorization: Bearer <token>` only (src/platform/metrics). */
  metricsToken?: string;
  /** METRICS_PORT: startServer serves /metrics without a token on 127.0.0.1 at this port (0: a free one, tests). */
  metricsPort?: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces of requests and queries to this OTLP/HTTP collector (unset: no tracing). */
  otlpEndpoint?: string;
  /** Tests: spans to this exporter (an in-memory one). */
  traceExporter?: SpanExporter;
}

export interface HiveApp {
  app: Express;
  database: DatabaseHandle;
  log: Logger;
  /** The outbox's delivery worker, when smtpUrl is set. */
  mailDelivery: MailDelivery | undefined;
  /** What changed, to the live pages (src/platform/live). */
  live: LiveBus;
  liveStreams: LiveStreams;
  /** Whether a listening server runs the demo's live registers (DEMO_LIVE with the demo seeded). */
  demoLiveWanted: boolean;
  /**
   * With demoLiveWanted: the key the demo's device tokens derive from. Derived from AUTH_SECRET (the
   * same on every instance and across restarts, so the demo finds its terminals still paired), but
   * not the secret itself.
   */
  demoLiveKey: Buffer | undefined;
  /** The server's clock (tests move it). */
  now: () => number;
  /** The app's metrics registry, when METRICS_TOKEN or METRICS_PORT asks for it (off otherwise: nothing recorded). */
  metrics: Metrics | undefined;
  /** Without PUBLIC_URL (development, tests): e-mailed links follow the port listened on (PORT=0 picks one). */
  listeningOn(port: number): void;
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
  if (production && options.dataDir === undefined && !options.databaseUrl)
    throw new ConfigError(DATA_DIR_IN_PRODUCTION_MESSAGE);
  const seedDemo = options.seedDemo ?? !production;
  const demoLiveWanted = seedDemo && !production && (options.demoLive ?? nodeEnv !== 'test');
  const metricsToken = parseMetricsToken(options.metricsToken);
  const secret = resolveAuthSecret({ secret: options.secret, production, dataDir });
  const remoteOverrides = loadRemoteOverrides(options.remotesJson);
  const smtpUrl = parseSmtpUrl(options.smtpUrl);
  const mailFrom = parseMailFrom(options.mailFrom);
  const releaseSettings = resolveReleaseSettings(options.releaseSettings);
  const staticRoots = { ...defaultStaticRoots(), ...options.staticRoots };
  const releaseSources = { remoteRoots: staticRoots.remotes, origins: parseReleaseOrigins(options.releaseOrigins) };
  const links = resolvePublicUrl({
    production,
    smtpUrl,
    publicUrl: options.publicUrl,
    // Until startServer knows the port it listens on (listeningOn below).
    port: DEFAULT_PORT,
  });
  if (production && (options.scryptCost || options.sessionLifetimeMs || options.now || options.onScrypt)) {
    log.warn('test-only options (scryptCost, sessionLifetimeMs, now, onScrypt) are ignored in production');
  }
  const passwords = production
    ? new PasswordHasher(DEFAULT_SCRYPT_COST)
    : new PasswordHasher(options.scryptCost ?? DEFAULT_SCRYPT_COST, options.onScrypt);
  const now = production ? Date.now : (options.now ?? Date.now);

  const database = await openDatabase({ url: options.databaseUrl, dataDir, schema: options.databaseSchema });
  try {
    // One instance at a time migrates and seeds (two starting together on one database would collide).
    await database.withStartupLock(async () => {
      await migrateToLatest(database.db, options.databaseSchema);
      // A development database (the demo seeded, its public password) is no production database.
      if (production && !options.allowDemoAccounts) {
        const demo = await usableDemoAccounts(database.db);
        if (demo.length > 0) throw new ConfigError(demoAccountsMessage(demo));
      }
      // The modules' start-up work (backfills, the permission catalog, every company's roles), with
      // the demo seed between the early and the late part.
      await runStartup(
        database.db,
        { now: now(), log, remoteRoots: staticRoots.remotes },
        seedDemo
          ? async () => {
              const { created } = await seedDemoData(database.db, {
                now: now(),
                hashPassword: (p) => passwords.hash(p),
                sales: options.seedDemoSales,
              });
              if (created > 0) log.info({ created }, 'seeded demo users');
            }
          : undefined,
      );
    });
  } catch (error) {
    await database.destroy();
    throw error;
  }

  // What changed, to the live pages: LISTEN/NOTIFY across instances on PostgreSQL, in-process on SQLite.
  let live;
  try {
    live = await createLiveBus({ pgPool: database.pgPool, schema: options.databaseSchema, log });
  } catch (error) {
    await database.destroy();
    throw error;
  }
  // Recorded only when someone may read them: a token for the public port, or the loopback port.
  const metrics = metricsToken !== undefined || options.metricsPort !== undefined ? createMetrics(log) : undefined;
  // Off (no middleware, no listener) unless a collector or a test asks for spans.
  const tracing = createTracing({
    endpoint: options.otlpEndpoint,
    exporter: options.traceExporter,
    dialect: database.dialect,
    instanceName: options.instanceName,
  });
  const stopTracingQueries = tracing ? onQuery(database.db, tracing.query) : undefined;
  const limiterStore = createLimiterStore(database.pgPool);
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const limiters = buildLimiters(limiterStore, rateLimits);
  const mailRules: MailRules = {
    ...MAIL_LIMITS,
    ...options.mailLimits,
    perRecipient: {
      ...MAIL_LIMITS.perRecipient,
      ...options.mailLimits?.perRecipient,
      // Auth's per-address limiters are these budgets (the public forms and the back-office spend one count).
      account: rateLimits.resetPerAccount,
      signup: rateLimits.signupPerEmail,
    },
  };
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
    limiters,
    mail: buildMailLimiters(limiterStore, mailRules, {
      account: limiters.resetPerAccount,
      signup: limiters.signupPerEmail,
    }),
    limiterStore,
    publicUrl: links.publicUrl,
    mailDelivery: smtpUrl !== undefined,
    companySetup,
    reactions,
    live,
    releaseSettings,
    releaseSources,
    metrics,
  };
  // Which release of each remote a request gets (`/remotes.json`, the storefront's hints, the CSP).
  const serving = createReleaseServing({
    db: database.db,
    live,
    log,
    auth: ctx,
    overrides: remoteOverrides,
    ttlMs: production ? undefined : options.releaseCacheMs,
  });
  const liveStreams = backofficeLiveStreams(ctx, {
    pingMs: production ? undefined : options.livePingMs,
    perUserLimit: options.liveStreamsPerUser,
  });
  metrics?.watch({ db: database.db, pgPool: database.pgPool, openStreams: () => liveStreams.open(), now });

  const app = express();
  app.set('trust proxy', options.trustProxy ?? false);
  app.disable('x-powered-by');
  // First, so that every answer is traced and timed, whoever gives it.
  if (tracing) app.use(tracing.http);
  if (metrics) app.use(metrics.http);
  const { instanceName } = options;
  if (instanceName) {
    app.use((_req, res, next) => {
      res.set('X-Instance', instanceName);
      next();
    });
  }
  app.use(requestLogger(log));
  app.use(compressAnswers());
  // Before the page middleware below (no release registry read for a scrape).
  if (metrics && metricsToken !== undefined) app.get(METRICS_PATH, metricsRoute(metrics, metricsToken, log));

  // The origins of the releases (registered on other origins) and of REMOTES_JSON are where the
  // shell loads code from: read per response from the registry's cache, so a release registered or
  // retired on any instance is in (or out of) the CSP within a second, with no restart. A page
  // request waits for a stale cache to be read again (at most every 500 ms); an API call does not.
  app.use(async (req, _res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/')) await serving.refresh();
    next();
  });
  const withOrigins =
    (...fixed: string[]) =>
    () =>
      [...fixed, ...serving.origins()].join(' ');
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [withOrigins("'self'")],
          connectSrc: [withOrigins("'self'")],
          styleSrc: [withOrigins("'self'", "'unsafe-inline'")],
          imgSrc: [withOrigins("'self'", 'data:')],
          fontSrc: [withOrigins("'self'")],
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
  // Every module's routes in their order (src/modules.ts): first the plan-change header every /api
  // response carries (server/README.md), the large upload parsers, sign-in, the back-office API,
  // the registers' API (Bearer device tokens, no cookies) and public online ordering.
  mountModules(
    app,
    ctx,
    limiterStore,
    {
      device: options.deviceRateLimits,
      ordering: options.orderingRateLimits,
      releases: options.telemetryRateLimits,
    },
    liveStreams,
  );
  app.use('/api', notFoundJson());
  mountStatic(app, {
    roots: staticRoots,
    remotes: serving,
    db: database.db,
    log,
  });
  app.use(notFoundJson());
  app.use(errorHandler(log));

  // The modules' jobs (recurring invoices): off under NODE_ENV=test unless recurringJobMs says.
  const stopJobs = startJobs(
    { db: database.db, now, mail: ctx.mail, releaseSettings },
    log,
    (defaultMs) => options.recurringJobMs ?? (nodeEnv === 'test' ? 0 : defaultMs),
  );

  // The outbox leaves through SMTP when a server is configured; otherwise mail stays in the outbox.
  const mailDelivery = smtpUrl
    ? startMailDelivery({
        db: database.db,
        now,
        sender: smtpSender(smtpUrl),
        from: mailFrom ?? `${PRODUCT_NAME} <no-reply@${new URL(links.publicUrl).hostname}>`,
        log,
        everyMs: options.mailDeliveryMs ?? DELIVERY_EVERY_MS,
        instanceId: options.mailInstanceId,
      })
    : undefined;

  log.info(
    { database: database.describe, nodeEnv, mail: smtpUrl ? describeSmtp(smtpUrl) : 'outbox only' },
    'server ready',
  );
  return {
    app,
    database,
    log,
    mailDelivery,
    live,
    liveStreams,
    demoLiveWanted,
    demoLiveKey: demoLiveWanted ? createHmac('sha256', secret).update('hive-demo-live-tokens').digest() : undefined,
    now,
    metrics,
    listeningOn: (port) => {
      if (links.isDefault) ctx.publicUrl = developmentPublicUrl(port);
    },
    close: async () => {
      stopJobs();
      serving.close();
      await mailDelivery?.stop();
      liveStreams.endAll();
      await live.close();
      stopTracingQueries?.();
      await tracing?.shutdown();
      await database.destroy();
    },
  };
}

export interface RunningServer extends HiveApp {
  server: Server;
  port: number;
  url: string;
  /** The demo's live registers, when they run. */
  demoLive: LiveRegisters | undefined;
  /** METRICS_PORT's loopback server, when it runs. */
  metricsServer: MetricsServer | undefined;
}

/** How long an idle keep-alive connection stays open (advertised as `Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_MS = 65_000;

/** createApp + listen; `port: 0` picks a free port (tests). */
export async function startServer(
  options: CreateAppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const hive = await createApp(options);
  const port = options.port ?? 8080;
  const server = options.host === undefined ? hive.app.listen(port) : hive.app.listen(port, options.host);
  // An idle keep-alive connection is closed by the client or the proxy, never by us first: Node's 5 s
  // default lets a proxy (nginx keeps upstream connections 60 s) or a client whose timer runs late send
  // a request on a socket this server is closing, which fails it ("fetch failed", a 502).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
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
  hive.listeningOn(actualPort);
  let metricsServer: MetricsServer | undefined;
  if (hive.metrics && options.metricsPort !== undefined) {
    try {
      metricsServer = await startMetricsServer(hive.metrics, options.metricsPort, hive.log);
    } catch (error) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hive.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new ConfigError(
          `METRICS_PORT ${options.metricsPort} is already in use on 127.0.0.1: stop the other process or choose another port.`,
        );
      }
      throw error;
    }
  }
  // The registers call this server over HTTP, like real ones (loopback: never through a proxy).
  const demoLive = hive.demoLiveKey
    ? startLiveRegisters({
        db: hive.database.db,
        url: `http://127.0.0.1:${actualPort}`,
        log: hive.log,
        key: hive.demoLiveKey,
        live: hive.live,
        pgPool: hive.database.pgPool,
        schema: options.databaseSchema,
        now: hive.now,
        tickMs: options.demoLiveTickMs,
        hours: options.demoLiveHours,
        salesPerMinute: options.demoLiveSalesPerMinute,
      })
    : undefined;
  return {
    ...hive,
    server,
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    demoLive,
    metricsServer,
    async close() {
      await demoLive?.stop();
      await metricsServer?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hive.close();
    },
  };
}
