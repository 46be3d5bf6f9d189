import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { DEFAULT_RELEASE_SETTINGS, type ReleaseSettings } from '../../../platform/config';
import type { Database } from '../../../database';
import type { LiveBus } from '../../../platform/live';
import { rollbackRelease } from '../registry';
import { windowCounts } from './health';
import { judgeCanary, type CanaryVerdict } from './judge';
import { mailAutomaticRollback } from './mail';

/*
 * The automatic rollback (issue 44). After a batch touched a canary, the canary is judged over the
 * window since it started against the active release over the same window; a bad one is rolled
 * back through the registry (one transaction with its history row, then every instance hears of
 * it on the live bus) and the people responsible are mailed. Several instances may judge at once:
 * only the one whose rollback changed the row (rollbackRelease answers null to the others) mails.
 */

export interface CanaryContext {
  db: Kysely<Database>;
  now: () => number;
  live: LiveBus;
  log: Logger;
  publicUrl: string;
  releaseSettings?: ReleaseSettings;
}

export interface CanaryOutcome {
  verdict: CanaryVerdict;
  /** Whether this call rolled the release back (false: kept, or another instance did it first). */
  rolledBack: boolean;
}

/** Judges a canary now and rolls it back when it fails; null when the release is no canary (any more). */
export async function evaluateCanary(ctx: CanaryContext, releaseId: number): Promise<CanaryOutcome | null> {
  const release = await ctx.db
    .selectFrom('releases')
    .select([
      'id',
      'remote',
      'version',
      'state',
      'canary_started_at',
      'registered_by_user_id',
      'registered_by_token_id',
    ])
    .where('id', '=', releaseId)
    .executeTakeFirst();
  if (!release || release.state !== 'canary') return null;
  const active = await ctx.db
    .selectFrom('releases')
    .select(['id', 'version'])
    .where('remote', '=', release.remote)
    .where('state', '=', 'active')
    .orderBy('state_changed_at', 'desc')
    .executeTakeFirst();
  const now = ctx.now();
  const window = { from: release.canary_started_at ?? now, to: now + 1 };
  const settings = ctx.releaseSettings ?? DEFAULT_RELEASE_SETTINGS;
  const [canaryCounts, activeCounts] = await Promise.all([
    windowCounts(ctx.db, release.id, window),
    active ? windowCounts(ctx.db, active.id, window) : { sessions: 0, loadFailures: 0, errorSessions: 0 },
  ]);
  const verdict = judgeCanary(canaryCounts, activeCounts, settings);
  if (!verdict.rollBack || !verdict.reason) return { verdict, rolledBack: false };

  const rolled = await rollbackRelease(ctx, release.id, {
    kind: 'automatic',
    reason: verdict.summary ?? verdict.reason,
    figures: verdict.figures,
  });
  if (!rolled) return { verdict, rolledBack: false };
  ctx.log.warn(
    { release: release.id, remote: release.remote, version: release.version, figures: verdict.figures },
    'canary rolled back automatically',
  );
  try {
    await mailAutomaticRollback(
      ctx.db,
      release,
      {
        remote: release.remote,
        version: release.version,
        id: release.id,
        activeVersion: active?.version ?? null,
        reason: verdict.reason,
        figures: verdict.figures,
        publicUrl: ctx.publicUrl,
      },
      now,
    );
  } catch (error) {
    // The rollback stands (it is committed and audited); only the e-mail is missing.
    ctx.log.error({ err: error, release: release.id }, 'could not mail the automatic rollback');
  }
  return { verdict, rolledBack: true };
}

/** At most one judgement a second per release on this instance. */
export const JUDGE_EVERY_MS = 1_000;

/**
 * Judges canaries as batches arrive, throttled: a batch within a second of the last judgement of
 * its release leaves one judgement due at the end of that second (so the last batch of a burst is
 * never ignored).
 */
export function canaryWatch(ctx: CanaryContext): {
  touched(releaseIds: readonly number[]): Promise<void>;
  close(): void;
} {
  const lastAt = new Map<number, number>();
  const due = new Map<number, NodeJS.Timeout>();
  const judge = async (id: number) => {
    lastAt.set(id, ctx.now());
    try {
      await evaluateCanary(ctx, id);
    } catch (error) {
      ctx.log.error({ err: error, release: id }, 'could not judge the canary');
    }
  };
  return {
    async touched(releaseIds) {
      const now = ctx.now();
      const judgements: Promise<void>[] = [];
      for (const id of releaseIds) {
        const last = lastAt.get(id);
        if (last === undefined || now - last >= JUDGE_EVERY_MS || now < last) {
          judgements.push(judge(id));
        } else if (!due.has(id)) {
          const timer = setTimeout(
            () => {
              due.delete(id);
              void judge(id);
            },
            JUDGE_EVERY_MS - (now - last),
          );
          timer.unref();
          due.set(id, timer);
        }
      }
      await Promise.all(judgements);
    },
    close() {
      for (const timer of due.values()) clearTimeout(timer);
      due.clear();
    },
  };
}
