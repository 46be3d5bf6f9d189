/* The registry's shapes (shared with the server) under the names this page uses. */
export { RELEASE_REMOTES as REMOTE_ORDER } from '@hive/shared/schemas/releases';
export type {
  AdminReleasesJson as AdminReleasesAnswer,
  CanaryReleaseBody as CanaryBody,
  ReleaseEventJson,
  ReleaseHealthPoint as HealthPoint,
  ReleaseHealthJson,
  ReleaseJson,
} from '@hive/shared/schemas/releases';
import type { AdminReleasesJson } from '@hive/shared/schemas/releases';

export type RemoteReleases = AdminReleasesJson['remotes'][number];
