// The release registry (issue 44): the remotes' releases and their states, deploy tokens, the
// deploy-token and staff APIs, the live switch (./serving) and the browsers' telemetry with the
// canary's automatic rollback (./telemetry).
import type { Kysely } from 'kysely';
import { RELEASE_REMOTES } from '@hive/shared/schemas/releases';
import { grantStaffPermission, type AuthContext } from '../auth';
import type { Database } from '../../database';
import type { ServerModule } from '../../module';
import { defaultStaticRoots } from '../../platform/config';
import { hostedContractRange } from './manifest';
import { releasesMigrations } from './migrations';
import { ensureServerBuilds } from './registry';
import { mountDeployTokenApi, mountReleasesParser, mountStaffReleases, type ReleaseRoutesOptions } from './routes';
import { mountTelemetry, releaseHealth, telemetryRetentionJob } from './telemetry';

export { RELEASE_REMOTES };
export type { ReleasesTables } from './tables';
export {
  findRelease,
  listReleases,
  promoteRelease,
  registerRelease,
  rollbackRelease,
  setCanary,
  SERVER_BUILD_VERSION,
  type Actor,
  type RegistryContext,
  type ReleaseRow,
} from './registry';
export { toReleaseJson } from './json';
export {
  checkManifest,
  checkManifestText,
  hostedContractRange,
  parseReleaseOrigins,
  MANIFEST_MAX_BYTES,
  MANIFEST_TIMEOUT_MS,
  type ManifestSources,
} from './manifest';
export {
  authenticateDeployToken,
  createDeployToken,
  listDeployTokens,
  revokeDeployToken,
  tokenHash,
  DEPLOY_TOKEN,
  type DeployTokenInfo,
} from './tokens';
export { ADMIN_RELEASES_API, RELEASES_API } from './routes';

/** The admin permission of the Releases page; part of the super_admin and dev_admin roles. */
export const RELEASES_PERMISSION = 'view_releases_menu';
export const RELEASE_ROLES = ['super_admin', 'dev_admin'] as const;

/** Whether a staff member of this role gets the Releases page (create-admin, the start-up grant). */
export function releasesPermissionFor(role: string | null): string[] {
  return role !== null && (RELEASE_ROLES as readonly string[]).includes(role) ? [RELEASES_PERMISSION] : [];
}

/**
 * Every super_admin and dev_admin holds view_releases_menu (idempotent: on every start, only the
 * missing rows). The catalog row too, so the grant never waits for the permission catalog.
 */
export async function grantReleasesPermission(db: Kysely<Database>): Promise<number> {
  return grantStaffPermission(db, RELEASES_PERMISSION, RELEASE_ROLES);
}

const routeOptions: ReleaseRoutesOptions = {
  health: (db, releaseId, window) => releaseHealth(db, releaseId, window),
};

export const releasesModule: ServerModule<AuthContext> = {
  name: 'releases',
  reads: ['companies', 'users'],
  migrations: releasesMigrations,
  routes: {
    first(app, ctx, env) {
      // After the admin API: its parser, no-store and session check cover /api/admin/releases.
      mountStaffReleases(app, ctx, routeOptions);
      // The browsers' beacons (text/plain), before the shared /api parsers.
      mountTelemetry(app, ctx, env);
    },
    parsers: mountReleasesParser,
    app: (app, ctx) => mountDeployTokenApi(app, ctx, routeOptions),
  },
  startup: {
    async late(db, env) {
      const roots = env.remoteRoots ?? defaultStaticRoots().remotes;
      const created = await ensureServerBuilds(db, env.now, (remote) => hostedContractRange(remote, roots));
      if (created > 0) env.log.info({ created }, 'releases: the hosted builds are the first active releases');
      await grantReleasesPermission(db);
    },
  },
  jobs: [telemetryRetentionJob],
};
