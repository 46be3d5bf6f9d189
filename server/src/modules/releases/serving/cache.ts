import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../database';

/** A release as serving needs it (not `retired`). */
export interface ServedRelease {
  id: number;
  remote: string;
  version: string;
  manifestUrl: string;
  state: string;
  canaryPercent: number;
  canaryCompanyIds: number[];
}

/** How long a read of the registry is served before the next request reads it again. */
export const RELEASES_TTL_MS = 500;
/** A request waits this long at most for a read (a slow database): then it gets the last one. */
const WAIT_MS = 1_000;

function companyIds(text: string | null): number[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

async function readReleases(db: Kysely<Database>): Promise<ServedRelease[]> {
  const rows = await db
    .selectFrom('releases')
    .select(['id', 'remote', 'version', 'manifest_url', 'state', 'canary_percent', 'canary_company_ids'])
    .where('state', '!=', 'retired')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    remote: row.remote,
    version: row.version,
    manifestUrl: row.manifest_url,
    state: row.state,
    canaryPercent: Math.max(0, Math.min(100, Number(row.canary_percent ?? 0))),
    canaryCompanyIds: companyIds(row.canary_company_ids),
  }));
}

/**
 * The releases not retired, read from the database at most every RELEASES_TTL_MS and at once after
 * `invalidate()` (the live bus: a change on any instance). One read at a time; while it runs,
 * callers share it. A failed read keeps serving the last one (none yet: no releases, so the
 * server's own builds), and the next request tries again.
 */
export class ReleaseCache {
  private releases: ServedRelease[] = [];
  private readAt = -Infinity;
  private generation = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    private readonly ttlMs = RELEASES_TTL_MS,
  ) {}

  /** The last read, fresh or not (the CSP, which cannot wait). */
  get current(): readonly ServedRelease[] {
    return this.releases;
  }

  get fresh(): boolean {
    return performance.now() - this.readAt < this.ttlMs;
  }

  invalidate(): void {
    this.generation += 1;
    this.readAt = -Infinity;
  }

  /** The releases, read again when the last read is older than the TTL or was invalidated. */
  async get(): Promise<readonly ServedRelease[]> {
    if (!this.fresh) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)));
      await Promise.race([this.refresh(), waited]);
      clearTimeout(timer);
    }
    return this.releases;
  }

  private refresh(): Promise<void> {
    // A read already running may have started before an invalidation: after it, read again if so.
    if (this.reading) return this.reading.then(() => (this.fresh ? undefined : this.refresh()));
    const started = this.generation;
    const at = performance.now();
    const reading = (async () => {
      try {
        this.releases = await readReleases(this.db);
      } catch (error) {
        // Kept for a TTL too: a database that is down is not asked again on every request.
        this.log.warn({ err: error }, 'releases: cannot read the registry; serving the last read');
      }
      if (this.generation === started) this.readAt = at;
    })().finally(() => {
      this.reading = undefined;
    });
    this.reading = reading;
    return reading;
  }
}
