import type { ReleaseSettings } from '../../../platform/config';

/*
 * The canary's verdict (issue 44), a pure function of two releases' counts over one window: the
 * canary is rolled back when, with enough sessions, too many of its page loads failed to load the
 * remote, or its error rate is both more than `maxErrorRatio` times the active release's and at
 * least two points above it (so 0.1 % against 0.04 % is no reason).
 */

export interface WindowCounts {
  sessions: number;
  loadFailures: number;
  /** Page loads with at least one error in the release's area. */
  errorSessions: number;
}

export type CanaryThresholds = Pick<ReleaseSettings, 'minSessions' | 'maxLoadFailure' | 'maxErrorRatio'>;

/** What decided, stored with an automatic rollback (`rollback_figures`) and mailed. */
export interface CanaryFigures extends Record<string, number | null> {
  sessions: number;
  loadFailures: number;
  loadFailureRate: number | null;
  errorSessions: number;
  errorRate: number | null;
  activeSessions: number;
  activeErrorRate: number | null;
  minSessions: number;
  maxLoadFailure: number;
  maxErrorRatio: number;
}

export type CanaryReason = 'load_failures' | 'error_rate';

export interface CanaryVerdict {
  rollBack: boolean;
  /** Why, when `rollBack`. */
  reason: CanaryReason | null;
  /** The reason in a sentence (English: it is stored with the release and shown to staff). */
  summary: string | null;
  figures: CanaryFigures;
}

/** The error rate must be at least this much above the active release's (two percentage points). */
export const MIN_ERROR_RATE_GAP = 0.02;
/** Rates are ratios of counts: "exactly at the limit" must not tip over on a rounding error. */
const EPSILON = 1e-9;

const rate = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : null);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

export function judgeCanary(canary: WindowCounts, active: WindowCounts, thresholds: CanaryThresholds): CanaryVerdict {
  const loadFailureRate = rate(canary.loadFailures, canary.sessions);
  const errorRate = rate(canary.errorSessions, canary.sessions);
  const activeErrorRate = rate(active.errorSessions, active.sessions);
  const figures: CanaryFigures = {
    sessions: canary.sessions,
    loadFailures: canary.loadFailures,
    loadFailureRate,
    errorSessions: canary.errorSessions,
    errorRate,
    activeSessions: active.sessions,
    activeErrorRate,
    minSessions: thresholds.minSessions,
    maxLoadFailure: thresholds.maxLoadFailure,
    maxErrorRatio: thresholds.maxErrorRatio,
  };
  const keep: CanaryVerdict = { rollBack: false, reason: null, summary: null, figures };
  if (canary.sessions < thresholds.minSessions || loadFailureRate === null || errorRate === null) return keep;

  if (loadFailureRate > thresholds.maxLoadFailure + EPSILON) {
    return {
      rollBack: true,
      reason: 'load_failures',
      summary:
        `The remote failed to load in ${percent(loadFailureRate)} of ${canary.sessions} sessions ` +
        `(${canary.loadFailures}), above the limit of ${percent(thresholds.maxLoadFailure)}.`,
      figures,
    };
  }
  // Without sessions of the active release in the window, its error rate counts as none.
  const baseline = activeErrorRate ?? 0;
  if (
    errorRate > baseline * thresholds.maxErrorRatio + EPSILON &&
    errorRate - baseline >= MIN_ERROR_RATE_GAP - EPSILON
  ) {
    return {
      rollBack: true,
      reason: 'error_rate',
      summary:
        `${percent(errorRate)} of ${canary.sessions} sessions had errors, against ${percent(baseline)} on the ` +
        `active release: more than ${thresholds.maxErrorRatio} times as many and at least 2 points above.`,
      figures,
    };
  }
  return keep;
}
