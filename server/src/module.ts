import type { Express, Router } from 'express';
import type { Kysely, Migration, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { ReleaseSettings } from './platform/config';
import type { Database } from './database';
import type { Limiter, RateLimitRule } from './platform/http';
import type { MailLimiters } from './platform/outbox';

/*
 * The module contract. Each area's index.ts exports one module object saying what the area brings
 * to the server; the composition root (src/modules.ts) lists the modules in dependency order and
 * builds the migrations, the app's routes, the start-up work and the company set-up from them.
 * A module never reaches another module's internals: only its index.ts (npm run lint checks it).
 * `Ctx` is the request context the routers get (auth's AuthContext); it is a parameter so this
 * contract, like db/ and http/, imports no module.
 */

export type Db = Kysely<Database> | Transaction<Database>;

export interface MountEnv {
  /** Limiters for a module's rules: `defaults` with the overrides the app was started with for it. */
  limiters<K extends string>(module: string, defaults: Record<K, RateLimitRule>): Record<K, Limiter>;
}

export interface ModuleRoutes<Ctx> {
  /** First on the app, in module order: what every /api response carries, APIs with their own parser. */
  first?(app: Express, ctx: Ctx, env: MountEnv): void;
  /** Body parsers with their own (larger) limits, before the shared 32 kB parsers under /api. */
  parsers?(app: Express): void;
  /** The shared /api parsers and sign-in (auth), before the back-office API. */
  api?(app: Express, ctx: Ctx): void;
  /** Routers under /api/backoffice by sub-path; the root mounts them behind one JSON-only router. */
  backoffice?(ctx: Ctx): readonly (readonly [path: string, router: Router])[];
  /** After a back-office write succeeded (any module's): e.g. drop caches of the company's data. */
  backofficeWritten?(ctx: Ctx, companyId: number): void;
  /** Anything else, after the back-office API, in module order. */
  app?(app: Express, ctx: Ctx, env: MountEnv): void;
}

export interface StartupEnv {
  now: number;
  log: Logger;
  /** The folders this server hosts each remote's build from (the releases' "server-build"). */
  remoteRoots?: Readonly<Record<string, string>>;
}

/** Work under the start-up lock, after the migrations; it must be idempotent (every start runs it). */
export type StartupHook = (db: Kysely<Database>, env: StartupEnv) => Promise<void>;

export interface ModuleStartup {
  /** Before the demo seed: backfills, catalogs other modules' rows point at. */
  early?: StartupHook;
  /** After the demo seed (which may be off): what every company must have, demo or not. */
  late?: StartupHook;
}

/** What a job works with: the database, the clock, and the mail limits (a job's mail counts too). */
export interface JobContext {
  db: Kysely<Database>;
  now: () => number;
  mail: MailLimiters;
  /** The canary thresholds and telemetry retention (RELEASE_*); unset = the defaults. */
  releaseSettings?: ReleaseSettings;
}

/** A periodic job; the app decides how often (tests turn jobs off and run them by hand). */
export interface ModuleJob {
  name: string;
  everyMs: number;
  start(job: JobContext, everyMs: number, onError: (error: unknown) => void): () => void;
}

/**
 * A new company's set-up, in the transaction that creates it (sign-up and the admin console):
 * `company` before its owner exists (e.g. the roles), `owner` once the owner does.
 */
export interface CompanySetup {
  company?(trx: Transaction<Database>, companyId: number, now: number): Promise<void>;
  owner?(
    trx: Transaction<Database>,
    created: { companyId: number; userId: number; email: string; now: number; locale?: CompanyLocaleChoice },
  ): Promise<void>;
}

/** What sign-up chose from the country (all changeable there): the business's and first location's. */
export interface CompanyLocaleChoice {
  country: string;
  currency: string;
  timezone: string;
  taxMode: 'included' | 'added';
}

/**
 * What modules react to in another module's transaction. The module where it happens announces it
 * through `ctx.reactions` (built by the root from every module's), so it never imports the modules
 * that react: settings and the catalog do not import reports, whose roll-ups follow them.
 */
export interface Reactions {
  /** Sales are now read in another time zone: a location's (`locationIds`) or the company's zone changed. */
  zoneChanged(
    trx: Transaction<Database>,
    companyId: number,
    scope: { locationIds?: number[]; withoutLocation?: boolean },
  ): Promise<void>;
  /** The company has a new location (or its first ones): e.g. each location's default warehouse. */
  locationsAdded(db: Db, companyId: number, now: number): Promise<void>;
  /** A catalog row is deleted for good: whatever keeps its id forgets it. */
  catalogDeleted(trx: Transaction<Database>, companyId: number, kind: 'item' | 'category', id: number): Promise<void>;
  /**
   * Items' stock set to quantities on hand (the catalog's items import): inventory writes the
   * differences through its ledger, an adjustment per warehouse with the reason "correction".
   */
  stockSet(trx: Transaction<Database>, companyId: number, post: StockSetPost): Promise<void>;
  /**
   * A customer's points balance set by hand (Customers' form, or a customer created with points):
   * loyalty writes the difference into its ledger, so the ledger adds up to the balance.
   */
  pointsEdited(trx: Transaction<Database>, companyId: number, edit: PointsEdit): Promise<void>;
  /** Platform staff chose the coupon a company's bills carry (null: none): billing records it. */
  couponChosen(trx: Transaction<Database>, companyId: number, couponId: number | null, now: number): Promise<void>;
}

export interface PointsEdit {
  customerId: number;
  before: number;
  after: number;
  at: number;
  userId: number | null;
}

export interface StockSetPost {
  userId: number;
  now: number;
  /** The adjustments' note (e.g. the imported file's name). */
  note: string;
  lines: { itemId: number; warehouseId: number; onHand: number }[];
}

/**
 * `Step` is the posting step type (receipts' PostingStep: an area's part of posting a register
 * batch). A parameter, like `Ctx`, so this contract imports no module; a module without steps
 * leaves it `never`.
 */
export interface ServerModule<Ctx, Step = never> {
  /** The area's name; also the key of its rate-limit overrides (MountEnv.limiters). */
  name: string;
  /**
   * Other modules' tables it reads (its own are its tables.ts). It writes none: a write goes
   * through the owner's index.ts. test/table-ownership.test.ts holds both to the sources.
   */
  reads?: readonly string[];
  /** Its migrations by name. Names are what databases have recorded: never rename one. */
  migrations?: Readonly<Record<string, Migration>>;
  routes?: ModuleRoutes<Ctx>;
  startup?: ModuleStartup;
  jobs?: readonly ModuleJob[];
  companySetup?: CompanySetup;
  reactions?: Partial<Reactions>;
  /**
   * Its steps in posting a batch of register events; the pipeline (src/posting.ts) names every
   * module's in the order they run, after the receipts' own rows (contract: receipts/posting.ts).
   */
  postingSteps?: readonly Step[];
}
