import type { ColumnType, Generated } from 'kysely';
import type { Flag, Millis } from '../../platform/db';
import type { TelemetryTables } from './telemetry/tables';

/*
 * Tables of the release registry (migration 2027_10_100_releases; the telemetry's own are in
 * telemetry/tables.ts). Epoch-millisecond BIGINTs, 0/1 flags, JSON kept as text, as elsewhere.
 * No company_id: releases belong to the platform, not to a tenant.
 */

/** One build of a remote a team registered (or the server's own build, "server-build"). */
export interface ReleasesTable {
  id: Generated<number>;
  remote: string; // backoffice | admin | ordering
  version: string;
  manifest_url: string; // absolute http(s) URL or a same-origin path "/remotes/..."
  contract_range: string; // the manifest's hiveContract.range ("^1.0.0" when absent)
  notes: string | null;
  registered_by_user_id: number | null;
  registered_by_token_id: number | null;
  registered_at: Millis;
  state: string; // registered | canary | active | rolled_back | retired
  canary_percent: number | null;
  canary_company_ids: string | null; // JSON array of company ids while canary
  canary_started_at: Millis | null;
  state_changed_at: Millis;
  rollback_reason: string | null;
  rollback_automatic: ColumnType<number, number | undefined, number>;
  rollback_figures: string | null; // JSON
}

/** The history: every action on a release, by whom (a user, a token, or the server on its own). */
export interface ReleaseEventsTable {
  id: Generated<number>;
  release_id: number;
  action: string; // registered | canary | canary_changed | promoted | rolled_back | retired
  actor_user_id: number | null;
  actor_token_id: number | null;
  automatic: Flag;
  reason: string | null;
  details: string | null; // JSON
  at: Millis;
}

/** A team's CI credential for one remote; only the SHA-256 of the token is kept. */
export interface DeployTokensTable {
  id: Generated<number>;
  remote: string;
  label: string | null;
  token_hash: string;
  contact_email: string | null;
  created_at: Millis;
  created_by_user_id: number | null;
  revoked_at: Millis | null;
  last_used_at: Millis | null;
}

export interface ReleasesTables extends TelemetryTables {
  releases: ReleasesTable;
  release_events: ReleaseEventsTable;
  deploy_tokens: DeployTokensTable;
}
