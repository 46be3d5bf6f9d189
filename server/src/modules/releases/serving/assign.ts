import { createHash } from 'node:crypto';

/**
 * Who gets a canary. The bucket of a (user or visitor, release) pair is fixed by a hash, the same
 * on every instance and every reload, and another release draws anew (a visitor in one canary is
 * not always in the next). Percent 30 puts buckets 0..29 in.
 */
export function canaryBucket(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % 100;
}

/** A canary as serving reads it: its id, the share of visitors and the companies always in. */
export interface CanaryRule {
  id: number;
  percent: number;
  companyIds: readonly number[];
}

/** Who asks: a signed-in user (and their company, if any) or an anonymous visitor by cookie. */
export type Audience =
  { kind: 'user'; userId: number; companyId: number | null } | { kind: 'visitor'; visitorId: string };

export function inCanary(canary: CanaryRule, who: Audience): boolean {
  if (who.kind === 'user') {
    if (who.companyId !== null && canary.companyIds.includes(who.companyId)) return true;
    return canaryBucket(`u:${who.userId}:${canary.id}`) < canary.percent;
  }
  return canaryBucket(`v:${who.visitorId}:${canary.id}`) < canary.percent;
}
