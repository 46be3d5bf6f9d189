import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { RELEASE_REMOTES } from '@hive/shared/schemas/releases';
import { readSession, type AuthContext } from '../../auth';
import type { Database } from '../../../database';
import type { LiveBus } from '../../../platform/live';
import { inCanary, type Audience } from './assign';
import { ReleaseCache } from './cache';
import { ensureVisitor } from './visitor';

/** Where this server hosts a remote's own build: served when the registry has no release of it. */
export const hostedManifest = (remote: string) => `/remotes/${remote}/mf-manifest.json`;

/** The release of a remote a request gets: the one named in `/remotes.json`'s `_releases`. */
export interface ReleaseRef {
  id: number;
  version: string;
}

export interface RemoteChoice {
  /** Remote name -> manifest URL: the body an older shell reads. */
  map: Record<string, string>;
  /** The release behind each entry; null for an override (REMOTES_JSON) or no registry release. */
  releases: Record<string, ReleaseRef | null>;
}

export interface ReleaseServing {
  /** The remotes for this request's user or visitor; a new visitor gets the visitor cookie on `res`. */
  mapFor(req: Request, res: Response): Promise<RemoteChoice>;
  /** Origins of absolute manifest URLs of every release not retired, and of the overrides (the CSP). */
  origins(): string[];
  /** Reads the registry again if the last read is stale: before a response's CSP is computed. */
  refresh(): Promise<void>;
  close(): void;
}

export interface ReleaseServingOptions {
  db: Kysely<Database>;
  live: LiveBus;
  log: Logger;
  /** The app's auth context: who is signed in (auth's readSession). */
  auth: AuthContext;
  /** REMOTES_JSON's entries: a development override that wins over the registry, per remote. */
  overrides?: Record<string, string>;
  /** Tests only: how long one read of the registry is served (default 500 ms). */
  ttlMs?: number;
}

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

async function audienceOf(auth: AuthContext, req: Request, res: Response): Promise<Audience> {
  // Every new visitor gets the cookie, signed in or not: a later anonymous page (the storefront)
  // and the telemetry limits know them by it.
  const visitorId = ensureVisitor(req, res);
  const session = await readSession(auth, req).catch(() => null);
  if (session) return { kind: 'user', userId: session.profile.id, companyId: session.profile.company?.id ?? null };
  return { kind: 'visitor', visitorId };
}

/**
 * The live switch: which release of each remote a request gets, from a cache of the registry that
 * every instance refreshes within a second of a change (the live bus, and a read every 500 ms at
 * most). A remote's active release, or its canary for a user or visitor drawn into it.
 */
export function createReleaseServing(options: ReleaseServingOptions): ReleaseServing {
  const { auth, log } = options;
  const overrides = { ...options.overrides };
  const cache = new ReleaseCache(options.db, log, options.ttlMs);
  const stopListening = options.live.onReleasesChanged(() => cache.invalidate());
  const overrideOrigins = Object.values(overrides)
    .map(originOf)
    .filter((o): o is string => o !== null);
  let originsOf: { releases: readonly unknown[] | null; origins: string[] } = { releases: null, origins: [] };

  return {
    async mapFor(req, res) {
      const [releases, who] = await Promise.all([cache.get(), audienceOf(auth, req, res)]);
      const map: Record<string, string> = {};
      const refs: Record<string, ReleaseRef | null> = {};
      for (const remote of RELEASE_REMOTES) {
        let release = releases.find((r) => r.remote === remote && r.state === 'active');
        const canary = releases.find((r) => r.remote === remote && r.state === 'canary');
        if (
          canary &&
          inCanary({ id: canary.id, percent: canary.canaryPercent, companyIds: canary.canaryCompanyIds }, who)
        ) {
          release = canary;
        }
        map[remote] = release?.manifestUrl ?? hostedManifest(remote);
        refs[remote] = release ? { id: release.id, version: release.version } : null;
      }
      for (const [remote, url] of Object.entries(overrides)) {
        map[remote] = url;
        refs[remote] = null;
      }
      return { map, releases: refs };
    },
    origins() {
      // Asked five times per response (one per directive): computed once per read of the registry.
      const releases = cache.current;
      if (releases !== originsOf.releases) {
        const origins = new Set(overrideOrigins);
        for (const release of releases) {
          const origin = originOf(release.manifestUrl);
          if (origin) origins.add(origin);
        }
        originsOf = { releases, origins: [...origins] };
      }
      return originsOf.origins;
    },
    async refresh() {
      await cache.get();
    },
    close() {
      stopListening();
    },
  };
}
