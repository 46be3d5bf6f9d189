import type { Kysely } from 'kysely';
import type {
  ReleaseAction,
  ReleaseEventJson,
  ReleaseJson,
  ReleaseRegisteredBy,
  ReleaseRemote,
  ReleaseState,
} from '@hive/shared/schemas/releases';
import type { Database } from '../../database';
import type { ReleaseRow } from './registry';

/** Releases as the API shows them (ReleaseJson), with their history: a few batched reads, no N+1. */

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const tokenName = (id: number, label: string | null | undefined) => label || `#${id}`;

export async function toReleaseJson(db: Kysely<Database>, rows: readonly ReleaseRow[]): Promise<ReleaseJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const events = await db
    .selectFrom('release_events')
    .selectAll()
    .where('release_id', 'in', ids)
    .orderBy('id')
    .execute();
  const userIds = new Set<number>();
  const tokenIds = new Set<number>();
  const companyIds = new Set<number>();
  for (const row of rows) {
    if (row.registered_by_user_id !== null) userIds.add(row.registered_by_user_id);
    if (row.registered_by_token_id !== null) tokenIds.add(row.registered_by_token_id);
    for (const id of parseJson<number[]>(row.canary_company_ids, [])) companyIds.add(id);
  }
  for (const event of events) {
    if (event.actor_user_id !== null) userIds.add(event.actor_user_id);
    if (event.actor_token_id !== null) tokenIds.add(event.actor_token_id);
  }
  const [users, tokens, companies] = await Promise.all([
    userIds.size
      ? db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('id', 'in', [...userIds])
          .execute()
      : Promise.resolve([]),
    tokenIds.size
      ? db
          .selectFrom('deploy_tokens')
          .select(['id', 'label'])
          .where('id', 'in', [...tokenIds])
          .execute()
      : Promise.resolve([]),
    companyIds.size
      ? db
          .selectFrom('companies')
          .select(['id', 'slug'])
          .where('id', 'in', [...companyIds])
          .execute()
      : Promise.resolve([]),
  ]);
  const emails = new Map(users.map((u) => [u.id, u.email]));
  const labels = new Map(tokens.map((t) => [t.id, t.label]));
  const slugs = new Map(companies.map((c) => [c.id, c.slug]));
  const byRelease = new Map<number, ReleaseEventJson[]>();
  for (const event of events) {
    const by =
      event.automatic === 1
        ? 'automatic'
        : event.actor_user_id !== null
          ? (emails.get(event.actor_user_id) ?? `user #${event.actor_user_id}`)
          : event.actor_token_id !== null
            ? `token ${tokenName(event.actor_token_id, labels.get(event.actor_token_id))}`
            : 'system';
    const list = byRelease.get(event.release_id) ?? [];
    list.push({ action: event.action as ReleaseAction, at: iso(event.at), by, reason: event.reason });
    byRelease.set(event.release_id, list);
  }
  return rows.map((row) => {
    const registeredBy: ReleaseRegisteredBy =
      row.registered_by_user_id !== null
        ? { kind: 'user', email: emails.get(row.registered_by_user_id) ?? `user #${row.registered_by_user_id}` }
        : row.registered_by_token_id !== null
          ? {
              kind: 'token',
              label: tokenName(row.registered_by_token_id, labels.get(row.registered_by_token_id)),
            }
          : { kind: 'system' };
    return {
      id: row.id,
      remote: row.remote as ReleaseRemote,
      version: row.version,
      manifestUrl: row.manifest_url,
      contractRange: row.contract_range,
      notes: row.notes,
      state: row.state as ReleaseState,
      canary:
        row.state === 'canary'
          ? {
              percent: Number(row.canary_percent ?? 0),
              companies: parseJson<number[]>(row.canary_company_ids, [])
                .map((id) => slugs.get(id))
                .filter((slug): slug is string => slug !== undefined),
            }
          : null,
      registeredBy,
      registeredAt: iso(row.registered_at),
      stateChangedAt: iso(row.state_changed_at),
      rollback:
        row.state === 'rolled_back'
          ? {
              reason: row.rollback_reason,
              automatic: Number(row.rollback_automatic) === 1,
              figures: parseJson<Record<string, number | null> | null>(row.rollback_figures, null),
            }
          : null,
      events: byRelease.get(row.id) ?? [],
    };
  });
}
