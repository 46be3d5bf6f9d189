import type { TFunction } from 'i18next';
import { releaseMessageKey } from '@hive/shared/schemas/releases';
import { apiProblem, describeProblem, fieldMessage } from '../../api';
import type { HealthPoint, ReleaseJson } from './types';

/** The figures of a health block, each with how it reads. */
export const METRICS = ['sessions', 'loadFailureRate', 'errorRate', 'lcpP75Ms', 'inpP75Ms'] as const;
export type Metric = (typeof METRICS)[number];

// maxLoadFailure is the threshold of a rate (0.05); maxErrorRatio a multiple (2), said as a number.
const isRate = (name: string) => /rate$/i.test(name) || name === 'maxLoadFailure';
const isMs = (name: string) => /ms$/i.test(name);

/** A figure in the user's language: rates as percentages, times in ms, counts grouped. */
export function formatFigure(name: string, value: unknown, lng: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (isRate(name)) return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (isMs(name)) {
    return new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(value);
  }
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(value);
}

/** A canary's share of visitors (a whole 0..100). */
export function formatShare(percent: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

export function metricValue(point: HealthPoint, metric: Metric): number | null {
  return point[metric];
}

/** Who did it, as the history's `by` says it ("automatic", "token <label>", an e-mail). */
export function describeActor(t: TFunction, by: string): string {
  if (by === 'automatic') return t('releases.by.automatic');
  if (by === 'system') return t('releases.by.system');
  if (by.startsWith('token')) return t('releases.by.token', { label: by.slice(5).trim() || '—' });
  return by;
}

export function describeRegisteredBy(t: TFunction, release: ReleaseJson): string {
  const by = release.registeredBy;
  if (by.kind === 'user') return by.email;
  if (by.kind === 'token') return t('releases.by.token', { label: by.label ?? '—' });
  return t('releases.by.system');
}

/**
 * A refused action in the user's words. The conflicts name what is in the way (the current
 * canary, the missing earlier release); the rest as the admin console says any problem.
 */
export function releaseProblem(
  t: TFunction,
  error: unknown,
  context: { remote: string; canary: string | null },
): string {
  const problem = apiProblem(error);
  if (problem.status === 409 && problem.code === 'canary_exists') {
    return t('releases.errors.canary_exists', { remote: context.remote, version: context.canary ?? '?' });
  }
  if (problem.status === 409 && problem.code === 'no_previous_release') {
    return t('releases.errors.no_previous_release', { remote: context.remote });
  }
  if (problem.status === 409 || problem.status === 422) {
    return t(`releases.errors.${problem.code ?? 'conflict'}`, {
      defaultValue: problem.message ?? t('releases.errors.conflict'),
    });
  }
  return describeProblem(t, error);
}

/** A field message of the shared release schemas in the user's language (others as they came). */
export function releaseFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  const key = releaseMessageKey(message);
  if (key) return t(`releases.validation.${key}`, { defaultValue: message });
  // The server's check of the slugs against the companies (routes.ts `companyIdsOf`).
  const unknown = message?.match(/^no company has the slug (.+)$/);
  if (unknown) return t('releases.validation.unknownSlugs', { slugs: unknown[1] });
  return fieldMessage(t, message);
}
